import { z } from 'zod';
import { collectionOrderInputSchema, collectionTitleInputSchema } from '../../shared/lectures/lecture-collection.schema.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import * as collection from './lecture-collection.service.ts';

const byId = z.object({ id: z.uuid({ error: 'Lecture not found' }) });

export const lectureCollectionRouter = ({ procedure }: ScreenProcedures) =>
  router({
    get: procedure.query(({ ctx }) => collection.getCollection(ctx)),
    add: procedure.input(byId).mutation(({ ctx, input }) => collection.addToCollection(ctx, input)),
    remove: procedure.input(byId).mutation(({ ctx, input }) => collection.removeFromCollection(ctx, input)),
    rename: procedure.input(collectionTitleInputSchema).mutation(({ ctx, input }) => collection.renameCollection(ctx, input)),
    reorder: procedure.input(collectionOrderInputSchema).mutation(({ ctx, input }) => collection.reorderCollection(ctx, input)),
  });
