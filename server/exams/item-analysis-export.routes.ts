import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { EXPORT_FORMATS, EXPORT_MEDIA_TYPES, sendExport } from '../exports/export-reply.ts';
import { binaryResponse, errorResponses } from '../http/route-options.ts';
import { exportItemAnalysis } from './item-analysis-export.ts';

/** An exam's item analysis as CSV and XLSX, answered by the export kit's streamed reply (the exam is named in the path). */
export const itemAnalysisExportRoutes: DomainRoutes = async (app) => {
  for (const format of EXPORT_FORMATS) {
    app.get(
      `/api/admin/exams/:examId/item-analysis/export.${format}`,
      {
        schema: {
          tags: ['exams'],
          summary: `The item analysis of the exam's current ranking as ${format.toUpperCase()} (a download)`,
          description:
            (format === 'csv' ? 'UTF-8 with a byte order mark, RFC 4180 quoting; ' : 'One sheet; ') +
            "a row a question in the exam's order (questions taken out since last): number, id, group, the start of its text, voided, correct option, students, facility, discrimination, how many chose each option, unattempted, average time in seconds and flags. Shares are fractions of 1. An exam whose ranking was never synced answers 409.",
          params: z.object({ examId: z.string().min(1) }),
          response: {
            200: binaryResponse(`The exam's item analysis as ${format.toUpperCase()}`, [EXPORT_MEDIA_TYPES[format]]),
            ...errorResponses(400, 401, 403, 404, 409, 429, 503),
          },
        },
      },
      async (request, reply) => sendExport(reply, format, await exportItemAnalysis(request.ctx, request.params)),
    );
  }
};
