import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { EXPORT_FORMATS, EXPORT_MEDIA_TYPES, sendExport } from '../exports/export-reply.ts';
import { binaryResponse, errorResponses } from '../http/route-options.ts';
import { exportExamResults } from './exam-results-export.ts';

/**
 * An exam's results as CSV and XLSX. The exam is named in the path, which the list kit's
 * exportRoutes (filters in the query only) does not take, so these two routes are declared here,
 * answered by the same streamed reply.
 */
export const examResultsExportRoutes: DomainRoutes = async (app) => {
  for (const format of EXPORT_FORMATS) {
    app.get(
      `/api/admin/exams/:examId/results/export.${format}`,
      {
        schema: {
          tags: ['exams'],
          summary: `Every student ranked by the exam's last rank sync, best first, as ${format.toUpperCase()} (a download, streamed)`,
          description:
            (format === 'csv' ? 'UTF-8 with a byte order mark, RFC 4180 quoting; ' : 'One sheet; ') +
            'rank, student, score, correct, wrong, unattempted and unseen answers, time taken in seconds, submitted at in India time. Equal scores share a rank. An exam never synced answers the heading alone. Text that a spreadsheet would run as a formula starts with an apostrophe.',
          params: z.object({ examId: z.string().min(1) }),
          response: {
            200: binaryResponse(`The exam's results as ${format.toUpperCase()}`, [EXPORT_MEDIA_TYPES[format]]),
            ...errorResponses(400, 401, 403, 404, 429, 503),
          },
        },
      },
      async (request, reply) => sendExport(reply, format, await exportExamResults(request.ctx, request.params)),
    );
  }
};
