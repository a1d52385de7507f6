import { z } from 'zod';
import { createCurrentAffairInputSchema, saveCurrentAffairInputSchema } from '../../shared/current-affairs/current-affairs.schema.ts';
import { bulkProcedure } from '../bulk/bulk-routes.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import { currentAffairsBulk } from './current-affairs.bulk.ts';
import * as currentAffairs from './current-affairs.service.ts';

/** An id that is not a post's is answered 404 by the service. */
const byId = z.object({ id: z.string().max(100) });

export const currentAffairsRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.query(({ ctx }) => currentAffairs.listCurrentAffairs(ctx)),
    get: procedure.input(byId).query(({ ctx, input }) => currentAffairs.getCurrentAffair(ctx, input)),
    create: procedure.input(createCurrentAffairInputSchema).mutation(({ ctx, input }) => currentAffairs.createCurrentAffair(ctx, input)),
    save: procedure.input(byId.extend(saveCurrentAffairInputSchema.shape)).mutation(({ ctx, input }) => currentAffairs.saveCurrentAffair(ctx, input)),
    delete: procedure.input(byId).mutation(({ ctx, input }) => currentAffairs.deleteCurrentAffair(ctx, input)),
    bulk: bulkProcedure(procedure, currentAffairsBulk),
  });
