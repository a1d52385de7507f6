import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { SUBSCRIPTION_MESSAGES } from '../../shared/subscriptions/subscription.constants.ts';
import {
  createSubscriptionInputSchema,
  saveSubscriptionInputSchema,
  subscriptionDetailSchema,
  subscriptionSchema,
} from '../../shared/subscriptions/subscriptions.schema.ts';
import { rateCardSearchPageSchema, rateCardSearchQuerySchema } from '../../shared/subscriptions/rate-card-search.schema.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import * as subscriptions from './subscriptions.service.ts';

const idParams = z.object({ id: z.uuid({ error: SUBSCRIPTION_MESSAGES.notFound }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['subscriptions'];

export const subscriptionsRoutes: DomainRoutes = async (app) => {
  app.post(
    '/api/admin/subscriptions',
    {
      schema: { tags, summary: 'Add a rate card', body: createSubscriptionInputSchema, response: { 200: z.object({ _id: z.string() }), ...errors } },
    },
    async (request) => subscriptions.createSubscription(request.ctx, request.body),
  );
  // Other editors (exams, lectures, courses) pick a rate card from this list, so every console role may read it.
  app.get(
    '/api/v2/admin/subscriptions',
    {
      config: { screen: 'console' },
      schema: { tags, summary: 'The master list of rate cards', response: { 200: z.array(subscriptionSchema), ...errors } },
    },
    async (request) => subscriptions.listSubscriptions(request.ctx),
  );
  app.get(
    '/api/admin/subscriptions/search',
    {
      config: { screen: 'console' },
      schema: {
        tags,
        summary: 'Rate cards whose title holds every word of the search (or with the given ids), by title, a page at a time',
        querystring: rateCardSearchQuerySchema,
        response: { 200: rateCardSearchPageSchema, ...errors },
      },
    },
    async (request) => subscriptions.searchRateCards(request.ctx, request.query),
  );
  app.get(
    '/api/admin/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'One rate card with the courses, lecture videos, exams and rank files sold under it',
        params: idParams,
        response: { 200: subscriptionDetailSchema, ...errors },
      },
    },
    async (request) => subscriptions.getSubscription(request.ctx, request.params),
  );
  app.put(
    '/api/admin/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'Save a rate card; attachedResources is ignored, GST and nett amounts are stored as sent',
        description:
          'Send `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale` (who saved it, when, and the version now stored).',
        params: idParams,
        body: saveSubscriptionInputSchema,
        response: { 200: subscriptionSchema, ...errors },
      },
    },
    async (request) => subscriptions.saveSubscription(request.ctx, { ...request.body, id: request.params.id }),
  );
  app.delete(
    '/api/admin/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'Delete a rate card; refused with has-warnings (409) while anything still uses it',
        params: idParams,
        response: { 200: z.object({ status: z.literal('deleted') }), ...errors },
      },
    },
    async (request) => subscriptions.deleteSubscription(request.ctx, request.params),
  );
};
