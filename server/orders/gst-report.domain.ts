import { gstReportQuerySchema } from '../../shared/commerce/gst-report.schema.ts';
import { defineDomain, type ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import { gstReportRoutes } from './gst-report.routes.ts';
import { gstReport } from './gst-report.service.ts';

const gstReportRouter = ({ procedure }: ScreenProcedures) =>
  router({
    report: procedure.input(gstReportQuerySchema).query(({ ctx, input }) => gstReport(ctx, input)),
  });

/** The GST return report, from the invoices and credit notes issued: its own screen, for administrators. */
export const gstReportDomain = defineDomain({
  name: 'gstReport',
  screen: 'gstReport',
  router: gstReportRouter,
  routes: [gstReportRoutes],
});
