import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import type { FastifyRequest } from 'fastify';
import { queueItemSchema, QUEUE_STATES } from '../../shared/assets/assets.schema.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import { AppError } from '../errors.ts';
import { isCrossSite } from '../plugins/same-origin.ts';
import * as queue from './queue.service.ts';
import { lectureShownSchema, queueListInputSchema, queuePageSchema, unpublishLectureIdsSchema } from '../../shared/queue/queue-list.schema.ts';
import { UUID_TEXT } from '../../shared/validation/fields.ts';

const BASE = '/api/admin/assets/process/video';
const fileParams = z.object({ fileId: z.uuid({ error: 'File not found' }) });
const stateSchema = z.object({ state: z.enum(QUEUE_STATES) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const pullQuery = z.object({
  count: z.coerce.number().int().min(1, { error: 'Count should be more than 0' }).max(1000).default(10),
  force: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
const pullAnswer = z.object({ pulled: z.number(), items: z.array(queueItemSchema) });

export const queueRoutes: DomainRoutes = async (app, { app: context }) => {
  const tags = ['processing queue'];

  app.get(`${BASE}/queue/state`, { schema: { tags, summary: 'The global queue state', response: { 200: stateSchema, ...errors } } }, async (request) =>
    queue.getQueueState(request.ctx),
  );

  app.get(
    `${BASE}/queue/items`,
    {
      schema: {
        tags,
        summary: 'One page of the queue (newest first), its count and the global state',
        description:
          '`status` chooses the view: `current` (the default) leaves out items that finished over a day ago; `waiting`, `processing`, `failed`, `finished` and `all` show those items. `page` from 1, `pageSize` 1 to 100 (10 by default).',
        querystring: queueListInputSchema,
        response: { 200: queuePageSchema, ...errors },
      },
    },
    async (request) => queue.listQueue(request.ctx, request.query),
  );

  app.get(
    `${BASE}/queue-items/:fileId`,
    { schema: { tags, summary: "A file's queue item", params: fileParams, response: { 200: queueItemSchema, ...errors } } },
    async (request) => {
      const item = await queue.getQueueItem(request.ctx, { assetId: request.params.fileId });
      if (!item) throw new AppError('not-found', 'This file is not in the queue');
      return item;
    },
  );

  app.post(
    `${BASE}/trigger/start`,
    { schema: { tags, summary: 'Run the queue: waiting items start, most urgent first', response: { 200: stateSchema, ...errors } } },
    async (request) => queue.startQueue(request.ctx),
  );
  app.post(
    `${BASE}/trigger/end`,
    {
      schema: { tags, summary: 'Stop the queue: the item in progress finishes, no new one starts', response: { 200: stateSchema, ...errors } },
    },
    async (request) => queue.stopQueue(request.ctx),
  );

  app.post(
    `${BASE}/trigger/:fileId`,
    {
      schema: {
        tags,
        summary: 'Add one file at the front of the queue',
        params: fileParams,
        querystring: z.object({ title: z.string().max(300).optional(), type: z.enum(['video', 'pdf']).optional() }),
        response: { 200: queueItemSchema, ...errors },
      },
    },
    async (request) => queue.triggerFile(request.ctx, { assetId: request.params.fileId, ...request.query }),
  );

  app.post(
    `${BASE}/:fileId`,
    {
      config: { screen: 'console' },
      schema: { tags, summary: 'Queue an uploaded video or PDF for processing', params: fileParams, response: { 200: queueItemSchema, ...errors } },
    },
    async (request) => queue.startProcessing(request.ctx, { assetId: request.params.fileId }),
  );

  const pull = (type: 'video' | 'pdf') => async (request: FastifyRequest<{ Querystring: z.output<typeof pullQuery> }>) => {
    // A GET that changes state (as the console calls it): refused when another site sends it.
    if (isCrossSite(request, context.config.publicOrigin)) throw new AppError('forbidden', 'Cross-site requests are not allowed');
    return queue.pullIntoQueue(request.ctx, { type, count: request.query.count, force: request.query.force });
  };
  const pullSchema = (what: string) => ({
    tags,
    summary: `Pull up to count ${what} that need processing into the queue (force: also those already done)`,
    querystring: pullQuery,
    response: { 200: pullAnswer, ...errors },
  });
  // Pulling files in and removing items belong to administrators and managers, not staff.
  const managerConfig = { ability: 'manageQueue' as const };
  app.get(`${BASE}/queue/pull`, { config: managerConfig, schema: pullSchema('videos') }, pull('video'));
  app.get(`${BASE}/queue/pull/pdf`, { config: managerConfig, schema: pullSchema('PDFs') }, pull('pdf'));

  app.delete(
    `${BASE}/queueAndS3/items/:fileId`,
    {
      config: managerConfig,
      schema: {
        tags,
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
        response: { 200: z.object({ status: z.literal('deleted'), unpublished: z.array(lectureShownSchema) }), ...errors },
      },
    },
    async (request) => queue.removeItemAndOutputs(request.ctx, { assetId: request.params.fileId, unpublishLectureIds: request.query.unpublishLectureIds }),
  );

  app.post(
    '/api/admin/pdfimg',
    {
      config: { screen: 'console' },
      schema: {
        tags,
        summary: "Turn a PDF's pages into images (queues the PDF)",
        description: '`pdfUri` is the PDF file id or its /api/assets/{id} address; `resId` names the note it belongs to.',
        body: z.object({ resId: z.string().max(200).optional(), pdfUri: z.string({ error: 'The PDF is required' }).min(1, { error: 'The PDF is required' }) }),
        response: { 200: queueItemSchema, ...errors },
      },
    },
    async (request) => {
      const id = new RegExp(`(${UUID_TEXT})`, 'i').exec(request.body.pdfUri)?.[1];
      if (!id) throw new AppError('validation', 'The PDF is required');
      return queue.triggerFile(request.ctx, { assetId: id.toLowerCase(), type: 'pdf' });
    },
  );
};
