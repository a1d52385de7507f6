import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import { studentInvoicesPageSchema, studentInvoicesQuerySchema } from '../../shared/commerce/invoices.schema.ts';
import * as invoices from './student-invoices.service.ts';
import { sendPdf } from './send-pdf.ts';
import { binaryResponse } from '../http/binary-responses.ts';

const tags = ['student invoices'];
const student = routeOptions(tags, errorResponses(400, 401));

/** The student's own GST invoices and credit notes, also for orders staff deleted since. */
export const studentInvoiceRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/invoices',
    student({
      summary: "The student's GST invoices and credit notes, newest first, a page at a time",
      description:
        'Pages of `pageSize` documents (50 unless asked, at most 100), with `total`. A credit note names the invoice it credits (`creditsInvoice`: its id, number and date). Amounts are in whole paise; `pdfUrl` is the document as a PDF.',
      querystring: studentInvoicesQuerySchema,
      ok: studentInvoicesPageSchema,
    }),
    async (request) => invoices.listStudentInvoices(request.ctx, request.query),
  );
  app.get(
    '/api/student/invoices/:id',
    {
      schema: {
        tags,
        summary: "One of the student's GST invoices or credit notes (PDF); another student's answers 404",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: binaryResponse('The document as a PDF', 'application/pdf'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await invoices.studentDocumentPdf(request.ctx, request.params);
      return sendPdf(reply, fileName, pdf);
    },
  );
};
