import { z } from '../validation/zod.ts';
import { GST_PERIOD_MESSAGE, parseGstPeriod } from './gst-report.rules.ts';

const paise = (what: string) => z.int().describe(`${what}, in paise`);

export const GST_REPORT_PARTS = ['invoices', 'credit-notes', 'b2c', 'hsn'] as const;
export type GstReportPart = (typeof GST_REPORT_PARTS)[number];

const periodSchema = z
  .string({ error: GST_PERIOD_MESSAGE })
  .trim()
  .refine((text) => parseGstPeriod(text) !== null, { error: GST_PERIOD_MESSAGE })
  .describe('A month, 2026-11, or a quarter of the financial year, 2026-27 Q3 (October to December 2026)');

/** GET /api/admin/reports/gst (and the screen's procedure). */
export const gstReportQuerySchema = z.object({ period: periodSchema });
export type GstReportQuery = z.input<typeof gstReportQuerySchema>;

/** GET /api/admin/reports/gst.csv: one part of the report. */
export const gstReportCsvQuerySchema = gstReportQuerySchema.extend({
  part: z.enum(GST_REPORT_PARTS, { error: 'part is invoices, credit-notes, b2c or hsn' }),
});

const amounts = {
  taxablePaise: paise('Taxable value'),
  cgstPaise: paise('CGST'),
  sgstPaise: paise('SGST'),
  igstPaise: paise('IGST'),
};

const placeOfSupply = {
  placeOfSupply: z.string().describe("The buyer's state, as on the document"),
  stateCode: z.string().nullable().describe('Its GST state code, e.g. 32 for Kerala'),
};

const documentRowSchema = z.object({
  number: z.string(),
  date: z.string().describe('Its date, India time (YYYY-MM-DD)'),
  buyerName: z.string(),
  buyerGstin: z.string().nullable(),
  ...placeOfSupply,
  gstRate: z.number(),
  ...amounts,
  discountPaise: paise('Discount taken off after tax (a coupon above the gross)'),
  roundOffPaise: paise('Round-off'),
  totalPaise: paise('Total'),
});

const documentTotalsSchema = z.object({
  count: z.int(),
  ...amounts,
  discountPaise: paise('Discount'),
  roundOffPaise: paise('Round-off'),
  totalPaise: paise('Total'),
});

const creditNoteRowSchema = documentRowSchema.extend({
  invoiceNumber: z.string().describe('The invoice it credits'),
  invoiceDate: z.string().describe("That invoice's date, India time (YYYY-MM-DD)"),
  reason: z.string(),
});

const netAmounts = {
  invoices: z.int().describe('Invoices of the period'),
  creditNotes: z.int().describe('Credit notes of the period'),
  ...amounts,
  totalPaise: paise('Document value'),
};

const b2cRowSchema = z.object({ ...placeOfSupply, gstRate: z.number(), ...netAmounts });
const hsnRowSchema = z.object({ sac: z.string(), description: z.string(), gstRate: z.number(), ...netAmounts });
const netTotalsSchema = z.object(netAmounts);

export const gstReportSchema = z
  .object({
    period: z.object({
      text: z.string(),
      kind: z.enum(['month', 'quarter']),
      label: z.string(),
      firstDay: z.string(),
      lastDay: z.string(),
    }),
    invoices: z.object({ rows: z.array(documentRowSchema), totals: documentTotalsSchema }),
    creditNotes: z.object({ rows: z.array(creditNoteRowSchema), totals: documentTotalsSchema }),
    b2c: z.object({ rows: z.array(b2cRowSchema), totals: netTotalsSchema }).describe('Invoices less credit notes of the period, by place of supply and rate'),
    hsn: z.object({ rows: z.array(hsnRowSchema), totals: netTotalsSchema }).describe('Invoices less credit notes of the period, by SAC and rate'),
  })
  .meta({ id: 'GstReport' });
export type GstReport = z.infer<typeof gstReportSchema>;
export type GstDocumentRow = GstReport['invoices']['rows'][number];
export type GstCreditNoteRow = GstReport['creditNotes']['rows'][number];
export type GstNetRow = GstReport['b2c']['rows'][number];
