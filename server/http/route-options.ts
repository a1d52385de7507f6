import type { FastifyContextConfig } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';

type ErrorBody = typeof errorBodySchema;

/** The failures a route documents: every status answers the one error body. */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<Status, ErrorBody>;
}

/** The failures of an editor screen's routes: a wrong input, no session, a role without the screen, no such row, a stale save. */
export const EDITOR_ERRORS = errorResponses(400, 401, 403, 404, 409);

/** What one route says of itself: its OpenAPI text, its inputs and its 200 answer (`ok`). */
interface RouteSpec {
  summary: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  consumes?: string[];
  produces?: string[];
  ok: z.ZodType;
  config?: FastifyContextConfig;
}

/**
 * The options of routes that share their OpenAPI tags and documented failures (a domain's admin
 * routes, say; an editor's failures unless told otherwise) and maybe their config (a route's own
 * replaces it): each route gives only what is its own. The schema keeps the types the zod type
 * provider reads, so handlers see typed params, body and answer.
 */
export function routeOptions<Errors extends Record<number, ErrorBody> = typeof EDITOR_ERRORS>(
  tags: string[],
  errors: Errors = EDITOR_ERRORS as Errors,
  sharedConfig?: FastifyContextConfig,
) {
  return <Spec extends RouteSpec>({ config = sharedConfig, ok, ...schema }: Spec) => ({
    ...(config === undefined ? {} : { config }),
    schema: { tags, ...schema, response: { 200: ok as Spec['ok'], ...errors } },
  });
}

/** The bytes of a binary answer (a PDF, an image, a playlist, a spreadsheet). */
const binarySchema = z.string().meta({ format: 'binary' });

/** A binary answer in one of these media types. */
export function binaryResponse(description: string, mediaTypes: string[]) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binarySchema }])) };
}

/** An answer without a body, e.g. 304 or a tus upload's 204. */
export const noBody = (description: string) => z.null().describe(description);

/**
 * The answers of a stored file (ETag and Range aware): the whole file, a part of it (206), not
 * modified (304), or a Range outside the file (416, the Error body; Content-Range names the size).
 */
export function fileResponses(description: string, mediaTypes: string[]) {
  return {
    200: binaryResponse(description, mediaTypes),
    206: binaryResponse('The part of the file the Range asked for (Content-Range says which)', mediaTypes),
    304: noBody('Not modified: the copy whose ETag was sent in If-None-Match is current'),
    416: errorBodySchema.describe('The Range lies outside the file (Content-Range gives its size)'),
  };
}

/** The answer to a create: the new row's id. */
export const createdSchema = z.object({ _id: z.string() });

/** The answer to a delete. */
export const deletedSchema = z.object({ status: z.literal('deleted') });
