import { z } from 'zod';
import { createWinnerInputSchema, saveWinnerInputSchema, WINNER_MESSAGES } from '../../shared/winners/winners.schema.ts';
import { bulkProcedure } from '../bulk/bulk-routes.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import { winnersBulk } from './winners.bulk.ts';
import * as winners from './winners.service.ts';

const byId = z.object({ id: z.uuid({ error: WINNER_MESSAGES.notFound }) });

export const winnersRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.query(({ ctx }) => winners.listWinners(ctx)),
    get: procedure.input(byId).query(({ ctx, input }) => winners.getWinner(ctx, input)),
    create: procedure.input(createWinnerInputSchema).mutation(({ ctx, input }) => winners.createWinner(ctx, input)),
    save: procedure.input(byId.extend(saveWinnerInputSchema.shape)).mutation(({ ctx, input }) => winners.saveWinner(ctx, input)),
    delete: procedure.input(byId).mutation(({ ctx, input }) => winners.deleteWinner(ctx, input)),
    bulk: bulkProcedure(procedure, winnersBulk),
    activate: procedure.input(byId).mutation(({ ctx, input }) => winners.activateWinner(ctx, input)),
    deactivate: procedure.mutation(({ ctx }) => winners.deactivateWinner(ctx)),
  });
