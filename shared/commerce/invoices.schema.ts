import { z } from '../validation/zod.ts';
import { studentPageQuerySchema, studentPageSchema } from '../validation/paging.ts';
import { utcDateTimeSchema } from '../validation/date-time.ts';

const paise = (what: string) => z.int().describe(`${what}, in paise`);

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
} as const;

export const DOCUMENT_KINDS = ['invoice', 'credit-note'] as const;

export const STUDENT_INVOICES_PAGE_SIZE = 50;

/** GET /api/student/invoices: newest first, a page at a time. */
export const studentInvoicesQuerySchema = studentPageQuerySchema(STUDENT_INVOICES_PAGE_SIZE);
export type StudentInvoicesQuery = z.output<typeof studentInvoicesQuerySchema>;

/** A GST invoice or credit note as the student apps list it; amounts in whole paise. */
export const studentInvoiceSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(DOCUMENT_KINDS),
    number: z.string().describe('At most 16 characters, e.g. INV/2627/000001 (CN/… for a credit note)'),
    issuedAt: utcDateTimeSchema.describe('When it was issued'),
    financialYear: z.string().describe('e.g. 2026-27'),
    orderId: z.string(),
    description: z.string(),
    currency: z.literal('INR'),
    gstRate: z.number(),
    taxablePaise: paise('The value the tax is charged on'),
    cgstPaise: paise("Central GST (within the seller's state)"),
    sgstPaise: paise("State GST (within the seller's state)"),
    igstPaise: paise('Integrated GST (another state)'),
    discountPaise: paise('A discount taken off after tax (a coupon worth more than the price); 0 otherwise'),
    roundOffPaise: paise('The rounding to a whole rupee, plus or minus'),
    totalPaise: paise('What was paid (an invoice) or credited back (a credit note)'),
    creditsInvoice: z
      .object({ _id: z.string(), number: z.string(), issuedAt: utcDateTimeSchema })
      .nullable()
      .describe('For a credit note: the invoice it credits'),
    reason: z.string().nullable().describe('For a credit note: why it was issued'),
    pdfUrl: z.string().describe('GET it for the PDF'),
  })
  .meta({ id: 'StudentInvoice' });
export type StudentInvoice = z.infer<typeof studentInvoiceSchema>;

export const studentInvoicesPageSchema = studentPageSchema(studentInvoiceSchema, { withTotal: true }).meta({ id: 'StudentInvoicesPage' });
export type StudentInvoicesPage = z.infer<typeof studentInvoicesPageSchema>;
