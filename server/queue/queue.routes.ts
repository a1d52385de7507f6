import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { routeOptions } from '../http/route-options.ts';
import type { FastifyRequest } from 'fastify';
import { queueItemSchema, QUEUE_STATES } from '../../shared/assets/assets.schema.ts';
import { AppError } from '../errors.ts';
import { isCrossSite } from '../plugins/same-origin.ts';
import * as queue from './queue.service.ts';
import { lectureShownSchema, queueListInputSchema, queuePageSchema, unpublishLectureIdsSchema } from '../../shared/queue/queue-list.schema.ts';
import { UUID_TEXT } from '../../shared/validation/fields.ts';
import { raiseInputSchema } from '../../shared/queue/queue-list.schema.ts';

const BASE = '/api/admin/assets/process/video';
const fileParams = z.object({ fileId: z.uuid({ error: 'File not found' }) });
const stateSchema = z.object({ state: z.enum(QUEUE_STATES) });
const pullQuery = z.object({
  count: z.coerce.number().int().min(1, { error: 'Count should be more than 0' }).max(1000).default(10),
  force: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
const pullAnswer = z.object({ pulled: z.number(), items: z.array(queueItemSchema) });

export const queueRoutes: DomainRoutes = async (app, { app: context }) => {
  const admin = routeOptions(['processing queue']);

  app.get(`${BASE}/queue/state`, admin({ summary: 'The global queue state', ok: stateSchema }), async (request) => queue.getQueueState(request.ctx));

  app.get(
    `${BASE}/queue/items`,
    admin({
      summary: 'One page of the queue (newest first unless sorted), its count and the global state',
      description:
        '`status` chooses the view: `current` (the default) leaves out items that finished over a day ago; `waiting`, `processing`, `failed`, `finished` and `all` show those items. `page` from 1, `pageSize` 1 to 100 (10 by default).',
      querystring: queueListInputSchema,
      ok: queuePageSchema,
    }),
    async (request) => queue.listQueue(request.ctx, request.query),
  );

  app.get(`${BASE}/queue-items/:fileId`, admin({ summary: "A file's queue item", params: fileParams, ok: queueItemSchema }), async (request) => {
    const item = await queue.getQueueItem(request.ctx, { assetId: request.params.fileId });
    if (!item) throw new AppError('not-found', 'This file is not in the queue');
    return item;
  });

  app.post(
    `${BASE}/queue-items/:fileId/priority`,
    admin({
      config: { ability: 'raiseQueuePriority' },
      summary: "Raise a waiting item's priority (administrators)",
      description:
        '`to`: `next` moves the item to the class above its own (backfill, re-process, new upload), `top` to the front of the queue. 409 when the item is not waiting or is first in line already.',
      params: fileParams,
      body: raiseInputSchema,
      ok: queueItemSchema,
    }),
    async (request) => queue.raiseItemPriority(request.ctx, { assetId: request.params.fileId, to: request.body.to }),
  );

  app.post(`${BASE}/trigger/start`, admin({ summary: 'Run the queue: waiting items start, most urgent first', ok: stateSchema }), async (request) =>
    queue.startQueue(request.ctx),
  );
  app.post(`${BASE}/trigger/end`, admin({ summary: 'Stop the queue: the item in progress finishes, no new one starts', ok: stateSchema }), async (request) =>
    queue.stopQueue(request.ctx),
  );

  app.post(
    `${BASE}/trigger/:fileId`,
    admin({
      summary: 'Add one file at the front of the queue',
      params: fileParams,
      querystring: z.object({ title: z.string().max(300).optional(), type: z.enum(['video', 'pdf']).optional() }),
      ok: queueItemSchema,
    }),
    async (request) => queue.triggerFile(request.ctx, { assetId: request.params.fileId, ...request.query }),
  );

  app.post(
    `${BASE}/:fileId`,
    admin({ config: { screen: 'console' }, summary: 'Queue an uploaded video or PDF for processing', params: fileParams, ok: queueItemSchema }),
    async (request) => queue.startProcessing(request.ctx, { assetId: request.params.fileId }),
  );

  const pull = (type: 'video' | 'pdf') => async (request: FastifyRequest<{ Querystring: z.output<typeof pullQuery> }>) => {
    // A GET that changes state (as the console calls it): refused when another site sends it.
    if (isCrossSite(request, context.config.publicOrigin)) throw new AppError('forbidden', 'Cross-site requests are not allowed');
    return queue.pullIntoQueue(request.ctx, { type, count: request.query.count, force: request.query.force });
  };
  // Pulling files in and removing items belong to administrators and managers, not staff.
  const managerConfig = { ability: 'manageQueue' as const };
  const pullOptions = (what: string) =>
    admin({
      config: managerConfig,
      summary: `Pull up to count ${what} that need processing into the queue (force: also those already done)`,
      querystring: pullQuery,
      ok: pullAnswer,
    });
  app.get(`${BASE}/queue/pull`, pullOptions('videos'), pull('video'));
  app.get(`${BASE}/queue/pull/pdf`, pullOptions('PDFs'), pull('pdf'));

  app.delete(
    `${BASE}/queueAndS3/items/:fileId`,
    admin({
      config: managerConfig,
      summary: 'Remove a queue item and the outputs made from its file (the file stays)',
      description:
        'A published lecture playing the video goes offline with its renditions, and only when its id is listed in `unpublishLectureIds` (comma-separated); otherwise the call answers 409 naming the lecture and changes nothing.',
      params: fileParams,
      querystring: z.object({
        unpublishLectureIds: z
          .string()
          .max(4000)
          .optional()
          .transform((text) =>
            text
              ? text
                  .split(',')
                  .map((id) => id.trim())
                  .filter(Boolean)
              : [],
          )
          .pipe(unpublishLectureIdsSchema),
      }),
      ok: z.object({ status: z.literal('deleted'), unpublished: z.array(lectureShownSchema) }),
    }),
    async (request) => queue.removeItemAndOutputs(request.ctx, { assetId: request.params.fileId, unpublishLectureIds: request.query.unpublishLectureIds }),
  );

  app.post(
    '/api/admin/pdfimg',
    admin({
      config: { screen: 'console' },
      summary: "Turn a PDF's pages into images (queues the PDF)",
      description: '`pdfUri` is the PDF file id or its /api/assets/{id} address; `resId` names the note it belongs to.',
      body: z.object({ resId: z.string().max(200).optional(), pdfUri: z.string({ error: 'The PDF is required' }).min(1, { error: 'The PDF is required' }) }),
      ok: queueItemSchema,
    }),
    async (request) => {
      const id = new RegExp(`(${UUID_TEXT})`, 'i').exec(request.body.pdfUri)?.[1];
      if (!id) throw new AppError('validation', 'The PDF is required');
      return queue.triggerFile(request.ctx, { assetId: id.toLowerCase(), type: 'pdf' });
    },
  );
};
