import { z } from 'zod';
import type { ScreenProcedures } from '../domain.ts';
import { consoleProcedure, router } from '../trpc/trpc.ts';
import * as queue from './queue.service.ts';
import { queueListInputSchema, raiseInputSchema, unpublishLectureIdsSchema } from '../../shared/queue/queue-list.schema.ts';

const byFile = z.object({ fileId: z.uuid({ error: 'File not found' }) });

export const queueRouter = ({ procedure, ability }: ScreenProcedures) => {
  /** Pull and remove: administrators and managers only. */
  const managerProcedure = ability('manageQueue');
  return router({
    list: procedure.input(queueListInputSchema).query(({ ctx, input }) => queue.listQueue(ctx, input)),
    state: procedure.query(({ ctx }) => queue.getQueueState(ctx)),
    item: procedure.input(byFile).query(({ ctx, input }) => queue.getQueueItem(ctx, { assetId: input.fileId })),
    start: procedure.mutation(({ ctx }) => queue.startQueue(ctx)),
    stop: procedure.mutation(({ ctx }) => queue.stopQueue(ctx)),
    trigger: procedure
      .input(byFile.extend({ title: z.string().max(300).optional(), type: z.enum(['video', 'pdf']).optional() }))
      .mutation(({ ctx, input }) => queue.triggerFile(ctx, { assetId: input.fileId, title: input.title, type: input.type })),
    pull: managerProcedure
      .input(
        z.object({
          type: z.enum(['video', 'pdf']),
          count: z.number().int().min(1, { error: 'Count should be more than 0' }).max(1000).default(10),
          force: z.boolean().default(false),
        }),
      )
      .mutation(({ ctx, input }) => queue.pullIntoQueue(ctx, input)),
    raise: ability('raiseQueuePriority')
      .input(byFile.extend(raiseInputSchema.shape))
      .mutation(({ ctx, input }) => queue.raiseItemPriority(ctx, { assetId: input.fileId, to: input.to })),
    removalImpact: managerProcedure.input(byFile).query(({ ctx, input }) => queue.removalImpact(ctx, { assetId: input.fileId })),
    remove: managerProcedure
      .input(byFile.extend({ unpublishLectureIds: unpublishLectureIdsSchema.default([]) }))
      .mutation(({ ctx, input }) => queue.removeItemAndOutputs(ctx, { assetId: input.fileId, unpublishLectureIds: input.unpublishLectureIds })),
    /** Used by the file widgets of every editor, not only by the queue screen. */
    process: consoleProcedure.input(byFile).mutation(({ ctx, input }) => queue.startProcessing(ctx, { assetId: input.fileId })),
  });
};
