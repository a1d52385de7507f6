import { INVOICE_MESSAGES, type StudentInvoice, type StudentInvoicesPage, type StudentInvoicesQuery } from '../../shared/commerce/invoices.schema.ts';
import { pageOfTotal } from '../../shared/validation/paging.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { requireActor } from '../access/access.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { countStudentDocuments, studentDocument, studentDocumentsPage, type InvoiceRow } from './invoices.repository.ts';

export function studentInvoiceOf(document: InvoiceRow): StudentInvoice {
  return {
    _id: document.id,
    kind: document.kind,
    number: document.number,
    issuedAt: document.issued_at.toISOString(),
    financialYear: document.financial_year,
    orderId: document.order_id,
    description: document.description,
    currency: 'INR',
    gstRate: document.gst_rate,
    taxablePaise: document.taxable_paise,
    cgstPaise: document.cgst_paise,
    sgstPaise: document.sgst_paise,
    igstPaise: document.igst_paise,
    discountPaise: document.discount_paise,
    roundOffPaise: document.round_off_paise,
    totalPaise: document.total_paise,
    creditsInvoice:
      document.credits_invoice_id && document.credited_invoice_number && document.credited_invoice_issued_at
        ? { _id: document.credits_invoice_id, number: document.credited_invoice_number, issuedAt: document.credited_invoice_issued_at.toISOString() }
        : null,
    reason: document.reason,
    pdfUrl: `/api/student/invoices/${document.id}`,
  };
}

/**
 * GET /api/student/invoices: the student's own GST invoices and credit notes, newest first, a page
 * at a time. Documents of deleted orders are listed too: they were issued, and the student may need
 * them for their own accounts.
 */
export async function listStudentInvoices(ctx: RequestContext, query: StudentInvoicesQuery): Promise<StudentInvoicesPage> {
  const actor = await requireActor(ctx);
  const [rows, total] = await Promise.all([
    studentDocumentsPage(ctx.db, actor.id, query.pageSize, (query.page - 1) * query.pageSize),
    countStudentDocuments(ctx.db, actor.id),
  ]);
  return pageOfTotal(rows.map(studentInvoiceOf), query, total);
}

/** GET /api/student/invoices/{id}: one of the student's documents as a PDF; another student's is as unknown as a missing one. */
export async function studentDocumentPdf(ctx: RequestContext, { id }: { id: string }): Promise<{ fileName: string; pdf: Buffer }> {
  const actor = await requireActor(ctx);
  const document = UUID_PATTERN.test(id) ? await studentDocument(ctx.db, actor.id, id) : undefined;
  if (!document) throw new AppError('not-found', INVOICE_MESSAGES.notFound);
  return { fileName: `${document.number.replaceAll('/', '-')}.pdf`, pdf: await invoicePdf(document) };
}
