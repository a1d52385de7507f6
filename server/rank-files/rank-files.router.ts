import { z } from 'zod';
import { createRankFileInputSchema, RANK_FILE_MESSAGES, saveRankFileInputSchema } from '../../shared/rank-files/rank-files.schema.ts';
import { bulkProcedure } from '../bulk/bulk-routes.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import { rankFilesBulk } from './rank-files.bulk.ts';
import * as rankFiles from './rank-files.service.ts';

const byId = z.object({ id: z.uuid({ error: RANK_FILE_MESSAGES.notFound }) });

export const rankFilesRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.query(({ ctx }) => rankFiles.listRankFiles(ctx)),
    get: procedure.input(byId).query(({ ctx, input }) => rankFiles.getRankFile(ctx, input)),
    create: procedure.input(createRankFileInputSchema).mutation(({ ctx, input }) => rankFiles.createRankFile(ctx, input)),
    save: procedure.input(byId.extend(saveRankFileInputSchema.shape)).mutation(({ ctx, input }) => rankFiles.saveRankFile(ctx, input)),
    delete: procedure.input(byId).mutation(({ ctx, input }) => rankFiles.deleteRankFile(ctx, input)),
    bulk: bulkProcedure(procedure, rankFilesBulk),
    ranking: procedure.input(byId).query(({ ctx, input }) => rankFiles.rankFileRanking(ctx, input)),
    syncRanking: procedure.input(byId).mutation(({ ctx, input }) => rankFiles.syncRankFileRanking(ctx, input)),
    setRankingStatus: procedure
      .input(byId.extend({ status: z.enum(['published', 'unpublished']) }))
      .mutation(({ ctx, input }) => rankFiles.setRankFileRankingStatus(ctx, input)),
  });
