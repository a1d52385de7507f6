import { z } from 'zod';
import { SUBSCRIPTION_MESSAGES } from '../../shared/subscriptions/subscription.constants.ts';
import { rateCardSearchQuerySchema } from '../../shared/subscriptions/rate-card-search.schema.ts';
import { createSubscriptionInputSchema, saveSubscriptionInputSchema } from '../../shared/subscriptions/subscriptions.schema.ts';
import type { ScreenProcedures } from '../domain.ts';
import { consoleProcedure, router } from '../trpc/trpc.ts';
import * as subscriptions from './subscriptions.service.ts';

const byId = z.object({ id: z.uuid({ error: SUBSCRIPTION_MESSAGES.notFound }) });

export const subscriptionsRouter = ({ procedure }: ScreenProcedures) =>
  router({
    /** The master list: other editors pick a rate card from it, so any console role may read it. */
    list: consoleProcedure.query(({ ctx }) => subscriptions.listSubscriptions(ctx)),
    /** Rate cards by title, a page at a time: the pickers of other editors use it, so any console role may. */
    search: consoleProcedure.input(rateCardSearchQuerySchema).query(({ ctx, input }) => subscriptions.searchRateCards(ctx, input)),
    get: procedure.input(byId).query(({ ctx, input }) => subscriptions.getSubscription(ctx, input)),
    create: procedure.input(createSubscriptionInputSchema).mutation(({ ctx, input }) => subscriptions.createSubscription(ctx, input)),
    save: procedure.input(byId.extend(saveSubscriptionInputSchema.shape)).mutation(({ ctx, input }) => subscriptions.saveSubscription(ctx, input)),
    delete: procedure.input(byId).mutation(({ ctx, input }) => subscriptions.deleteSubscription(ctx, input)),
  });
