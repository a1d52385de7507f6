import type { DomainRoutes } from '../domain.ts';
import { binaryResponse, errorResponses, routeOptions } from '../http/route-options.ts';
import { gstReportCsvQuerySchema, gstReportQuerySchema, gstReportSchema } from '../../shared/commerce/gst-report.schema.ts';
import { gstReport } from './gst-report.service.ts';
import { gstReportCsv, gstReportFileName, gstReportXlsx } from './gst-report.files.ts';

const errors = errorResponses(400, 401, 403);
const report = routeOptions(['reports'], errors);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const gstReportRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/reports/gst',
    report({
      summary: 'The GST return report of a month or a quarter: invoice and credit-note registers, the B2C and HSN/SAC summaries',
      description:
        'Amounts in paise. A document counts in the period of its own date (India time); the B2C and HSN/SAC summaries are the invoices less the credit notes of the period, and every totals object is the sum of its rows.',
      querystring: gstReportQuerySchema,
      ok: gstReportSchema,
    }),
    async (request) => gstReport(request.ctx, request.query),
  );
  app.get(
    '/api/admin/reports/gst.csv',
    {
      schema: {
        tags: ['reports'],
        summary: 'One part of the GST return report as CSV (UTF-8 with a BOM; amounts in rupees with 2 decimals)',
        querystring: gstReportCsvQuerySchema,
        response: { 200: binaryResponse('The part, with its totals row last', ['text/csv']), ...errors },
      },
    },
    async (request, reply) => {
      const data = await gstReport(request.ctx, request.query);
      const fileName = gstReportFileName(data, `-${request.query.part}.csv`);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .serializer((payload: unknown) => payload as string)
        .send(gstReportCsv(data, request.query.part) as never);
    },
  );
  app.get(
    '/api/admin/reports/gst.xlsx',
    {
      schema: {
        tags: ['reports'],
        summary: 'The GST return report as an XLSX workbook: a sheet per part, amounts in rupees with 2 decimals',
        querystring: gstReportQuerySchema,
        response: { 200: binaryResponse('The workbook', [XLSX_TYPE]), ...errors },
      },
    },
    async (request, reply) => {
      const data = await gstReport(request.ctx, request.query);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${gstReportFileName(data, '.xlsx')}"`)
        .header('cache-control', 'private, no-store')
        .serializer((payload: unknown) => payload as string)
        .send((await gstReportXlsx(data)) as never);
    },
  );
};
