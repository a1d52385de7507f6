import type { z } from 'zod';
import { ALL_BULK_ACTIONS, bulkActionsText, bulkInputSchema, bulkResultSchema, BULK_ID_LIMIT, BULK_MATCHING_LIMIT } from '../../shared/bulk/bulk.schema.ts';
import type { DomainRoutes, ScreenProcedures } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import type { BulkResource } from './bulk-resource.ts';
import { runBulk } from './run-bulk.ts';

/** The body a resource's bulk route and procedure take: only its own actions, and its list's filter. */
export function bulkInputOf<Filter extends z.ZodType>(resource: BulkResource<Filter>) {
  return bulkInputSchema(actionsOf(resource), resource.filter);
}

/** The resource's actions, in the one order of {@link ALL_BULK_ACTIONS}. */
function actionsOf(resource: BulkResource) {
  return ALL_BULK_ACTIONS.filter((action) => resource.actions[action]);
}

/**
 * `POST <path>` (e.g. /api/admin/lectures/bulk): the resource's bulk actions over REST. The domain
 * that lists it among its routes checks its screen before the body is read, and the resource's
 * `ability` when it names one.
 */
export function bulkRoutes<Filter extends z.ZodType>(path: string, tag: string, resource: BulkResource<Filter>): DomainRoutes {
  const admin = routeOptions([tag], errorResponses(400, 401, 403));
  const config = resource.ability ? { ability: resource.ability } : {};
  const body = bulkInputOf(resource);
  return async (app) => {
    app.post(
      path,
      admin({
        config,
        summary: `${bulkActionsText(actionsOf(resource))} many ${resource.noun} at once, with a result per row`,
        description:
          `Send \`action\` with \`ids\` (1 to ${BULK_ID_LIMIT}) or \`matching\` (the list's filter: every row it shows, at most ${BULK_MATCHING_LIMIT}). ` +
          'Each row goes through the single action on its own: `done` (a row already as asked is done, with the message saying so), ' +
          '`refused` with the reason (nothing changed on that row), or `missing`. Rows are taken in the order of their ids.',
        body,
        ok: bulkResultSchema,
      }),
      async (request) => runBulk(request.ctx, resource, request.body as Parameters<typeof runBulk<Filter>>[2]),
    );
  };
}

/**
 * The `bulk` mutation of a domain's router, checked like the screen's other procedures: give it the
 * procedure of the resource's `ability` when it names one (`ability('editCourses')`).
 */
export function bulkProcedure<Filter extends z.ZodType>(procedure: ScreenProcedures['procedure'], resource: BulkResource<Filter>) {
  return procedure.input(bulkInputOf(resource)).mutation(({ ctx, input }) => runBulk(ctx, resource, input as Parameters<typeof runBulk<Filter>>[2]));
}
