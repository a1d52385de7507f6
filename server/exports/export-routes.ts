import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from '../context.ts';
import { binaryResponse, errorResponses } from '../http/route-options.ts';
import { EXPORT_FORMATS, EXPORT_MEDIA_TYPES, sendExport, type ExportFile } from './export-reply.ts';

interface ExportRoutesSpec<Query extends z.ZodType, Row> {
  /** The path without its extension: `/api/admin/orders/export` answers at `.csv` and `.xlsx`. */
  path: string;
  tags: string[];
  /** What the export holds, e.g. "Paid orders". */
  holds: string;
  /** The list's filters (its query without page and pageSize). */
  querystring: Query;
  /** The rows to write: the list's own query, opened as a cursor. */
  open: (ctx: RequestContext, query: z.output<Query>) => Promise<ExportFile<Row>>;
}

/** The failures of an export: a wrong filter, no session, a role without the list's screen, a statement out of time. */
const EXPORT_ERRORS = errorResponses(400, 401, 403, 429, 503);

/**
 * Registers a list's exports as CSV and XLSX, answering what the list's filters show (every page),
 * streamed. They sit under the list's own path, so the list's screen and roles guard them.
 */
export function exportRoutes<Query extends z.ZodType, Row>(app: FastifyInstance, spec: ExportRoutesSpec<Query, Row>): void {
  for (const format of EXPORT_FORMATS) {
    app.get(
      `${spec.path}.${format}`,
      {
        schema: {
          tags: spec.tags,
          summary: `${spec.holds} that the list's filters show, every page, as ${format.toUpperCase()} (a download, streamed)`,
          description:
            format === 'csv'
              ? 'UTF-8 with a byte order mark, RFC 4180 quoting; money in rupees with two decimals, times in India time; text that a spreadsheet would run as a formula starts with an apostrophe.'
              : 'One sheet; money in rupees with two decimals, times in India time; text that a spreadsheet would run as a formula starts with an apostrophe.',
          querystring: spec.querystring,
          response: { 200: binaryResponse(`${spec.holds} as ${format.toUpperCase()}`, [EXPORT_MEDIA_TYPES[format]]), ...EXPORT_ERRORS },
        },
      },
      async (request, reply) => sendExport(reply, format, await spec.open(request.ctx, request.query as z.output<Query>)),
    );
  }
}
