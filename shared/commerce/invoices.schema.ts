import { z } from '../validation/zod.ts';
import { pagedListSchema } from '../validation/paging.ts';

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
} as const;

export const DOCUMENT_KINDS = ['invoice', 'credit-note'] as const;

export const STUDENT_INVOICES_PAGE_SIZE = 50;
const pageMessage = 'page is a whole number from 1';
const pageSizeMessage = 'pageSize is a whole number from 1 to 100';

/** GET /api/student/invoices: newest first, a page at a time. */
export const studentInvoicesQuerySchema = z.object({
  page: z.coerce.number({ error: pageMessage }).int({ error: pageMessage }).min(1, { error: pageMessage }).max(100_000, { error: pageMessage }).default(1),
  pageSize: z.coerce
    .number({ error: pageSizeMessage })
    .int({ error: pageSizeMessage })
    .min(1, { error: pageSizeMessage })
    .max(100, { error: pageSizeMessage })
    .default(STUDENT_INVOICES_PAGE_SIZE),
});
export type StudentInvoicesQuery = z.output<typeof studentInvoicesQuerySchema>;

/** A GST invoice or credit note as the student apps list it; amounts in rupees. */
export const studentInvoiceSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(DOCUMENT_KINDS),
    number: z.string().describe('At most 16 characters, e.g. INV/2627/000001 (CN/… for a credit note)'),
    issuedAt: z.string().describe('When it was issued (ISO 8601)'),
    financialYear: z.string().describe('e.g. 2026-27'),
    orderId: z.string(),
    description: z.string(),
    currency: z.literal('INR'),
    gstRate: z.number(),
    taxableAmount: z.number().describe('The value the tax is charged on'),
    cgstAmount: z.number(),
    sgstAmount: z.number(),
    igstAmount: z.number(),
    discountAmount: z.number().describe('A discount taken off after tax (a coupon worth more than the price); 0 otherwise'),
    roundOff: z.number(),
    totalAmount: z.number().describe('What was paid (an invoice) or credited back (a credit note)'),
    creditsInvoice: z.object({ _id: z.string(), number: z.string(), issuedAt: z.string() }).nullable().describe('For a credit note: the invoice it credits'),
    reason: z.string().nullable().describe('For a credit note: why it was issued'),
    pdfUrl: z.string().describe('GET it for the PDF'),
  })
  .meta({ id: 'StudentInvoice' });
export type StudentInvoice = z.infer<typeof studentInvoiceSchema>;

export const studentInvoicesPageSchema = pagedListSchema('invoices', studentInvoiceSchema).meta({ id: 'StudentInvoicesPage' });
export type StudentInvoicesPage = z.infer<typeof studentInvoicesPageSchema>;
