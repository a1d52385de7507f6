import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { createdSchema, deletedSchema, routeOptions } from '../http/route-options.ts';
import { SUBSCRIPTION_MESSAGES } from '../../shared/subscriptions/subscription.constants.ts';
import {
  createSubscriptionInputSchema,
  saveSubscriptionInputSchema,
  subscriptionDetailSchema,
  subscriptionSchema,
} from '../../shared/subscriptions/subscriptions.schema.ts';
import { rateCardSearchPageSchema, rateCardSearchQuerySchema } from '../../shared/subscriptions/rate-card-search.schema.ts';
import * as subscriptions from './subscriptions.service.ts';

const idParams = z.object({ id: z.uuid({ error: SUBSCRIPTION_MESSAGES.notFound }) });
const admin = routeOptions(['subscriptions']);

export const subscriptionsRoutes: DomainRoutes = async (app) => {
  app.post('/api/admin/subscriptions', admin({ summary: 'Add a rate card', body: createSubscriptionInputSchema, ok: createdSchema }), async (request) =>
    subscriptions.createSubscription(request.ctx, request.body),
  );
  // Other editors (exams, lectures, courses) pick a rate card from this list, so every console role may read it.
  app.get(
    '/api/v2/admin/subscriptions',
    admin({ config: { screen: 'console' }, summary: 'The master list of rate cards', ok: z.array(subscriptionSchema) }),
    async (request) => subscriptions.listSubscriptions(request.ctx),
  );
  app.get(
    '/api/admin/subscriptions/search',
    admin({
      config: { screen: 'console' },
      summary: 'Rate cards whose title holds every word of the search (or with the given ids), by title, a page at a time',
      querystring: rateCardSearchQuerySchema,
      ok: rateCardSearchPageSchema,
    }),
    async (request) => subscriptions.searchRateCards(request.ctx, request.query),
  );
  app.get(
    '/api/admin/subscriptions/:id',
    admin({ summary: 'One rate card with the courses, lecture videos, exams and rank files sold under it', params: idParams, ok: subscriptionDetailSchema }),
    async (request) => subscriptions.getSubscription(request.ctx, request.params),
  );
  app.put(
    '/api/admin/subscriptions/:id',
    admin({
      summary: 'Save a rate card; attachedResources is ignored, GST and nett amounts are stored as sent',
      description:
        'Send `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale` (who saved it, when, and the version now stored).',
      params: idParams,
      body: saveSubscriptionInputSchema,
      ok: subscriptionSchema,
    }),
    async (request) => subscriptions.saveSubscription(request.ctx, { ...request.body, id: request.params.id }),
  );
  app.delete(
    '/api/admin/subscriptions/:id',
    admin({ summary: 'Delete a rate card; refused with has-warnings (409) while anything still uses it', params: idParams, ok: deletedSchema }),
    async (request) => subscriptions.deleteSubscription(request.ctx, request.params),
  );
};
