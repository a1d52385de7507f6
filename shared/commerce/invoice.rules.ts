import { toRupees, type Paise } from './money.ts';
import { taxAt } from './pricing.rules.ts';

/** States and union territories of India, as places of supply. */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

/** GST Rules 46(b) and 53: an invoice or credit note number has at most 16 characters. */
export const DOCUMENT_NUMBER_MAX_LENGTH = 16;
/** The sequence within a series and year is written with at least this many digits. */
export const DOCUMENT_SEQUENCE_DIGITS = 6;
/**
 * What INVOICE_PREFIX and CREDIT_NOTE_PREFIX may be: up to 4 capital letters, digits or - (the only
 * other characters GST allows in a number are - and /), so that PREFIX/2627/000001 stays within 16.
 */
export const DOCUMENT_PREFIX_PATTERN = /^[A-Z0-9-]{1,4}$/;

/** The financial year (April to March, India time) a moment falls in: "2026-27". */
export function financialYear(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60_000);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** The financial year as a document number writes it: "2026-27" → "2627". */
export function compactFinancialYear(year: string): string {
  const match = /^\d{2}(\d{2})-(\d{2})$/.exec(year);
  if (!match) throw new RangeError(`Not a financial year: ${year}`);
  return `${match[1]}${match[2]}`;
}

/**
 * "INV/2627/000042": the series' prefix, the financial year and the number within it, at most 16
 * characters. With a 4-character prefix a series holds 999,999 documents a year; a number that
 * would be longer is refused rather than issued against the rules.
 */
export function documentNumber(prefix: string, year: string, number: number): string {
  const text = `${prefix}/${compactFinancialYear(year)}/${String(number).padStart(DOCUMENT_SEQUENCE_DIGITS, '0')}`;
  if (text.length > DOCUMENT_NUMBER_MAX_LENGTH) {
    throw new RangeError(
      `Document number ${text} would be longer than ${DOCUMENT_NUMBER_MAX_LENGTH} characters: the ${prefix} series is full for ${year}; use a shorter prefix`,
    );
  }
  return text;
}

/**
 * The lines of a GST invoice or credit note, in paise. They add up:
 * taxable + CGST + SGST + IGST − discount + round-off = total.
 */
export interface InvoiceLines {
  /** The value the tax was charged on. */
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /**
   * A discount that did not lower the taxable value, taken off after tax: a coupon worth more than
   * the gross (the tax stays on the gross, and only the tax is paid). 0 otherwise.
   */
  discount: Paise;
  /** What rounding the total to a whole rupee added or took; always under ₹1 either way. */
  roundOff: Paise;
  total: Paise;
}

/** A round-off line is always less than one rupee, either way. */
export const MAX_ROUND_OFF: Paise = 99;

/**
 * GST on a taxable value: CGST and SGST at half the rate each when the buyer is in the seller's
 * state, IGST at the whole rate otherwise; each line is its rate × the taxable value, to the paisa.
 */
export function taxLines(taxable: Paise, gstRate: number, sameState: boolean): Pick<InvoiceLines, 'cgst' | 'sgst' | 'igst'> {
  if (!sameState) return { cgst: 0, sgst: 0, igst: taxAt(taxable, gstRate) };
  const half = taxAt(taxable, gstRate, 2);
  return { cgst: half, sgst: half, igst: 0 };
}

/**
 * The lines for an amount that includes GST (a refund, or an order whose stored amounts disagree
 * with its rate): the taxable value is the amount less the GST in it, chosen so that the round-off
 * is as small as it can be.
 */
export function linesForAmount(total: Paise, gstRate: number, sameState: boolean): InvoiceLines {
  const rateHundredths = Math.round(gstRate * 100);
  const estimate = Math.floor((2 * total * 10_000 + 10_000 + rateHundredths) / (2 * (10_000 + rateHundredths)));
  let best: InvoiceLines | null = null;
  for (const taxable of [estimate, estimate - 1, estimate + 1]) {
    if (taxable < 0) continue;
    const taxes = taxLines(taxable, gstRate, sameState);
    const roundOff = total - taxable - taxes.cgst - taxes.sgst - taxes.igst;
    if (!best || Math.abs(roundOff) < Math.abs(best.roundOff)) best = { taxable, ...taxes, discount: 0, roundOff, total };
  }
  return best!;
}

/**
 * The lines of the tax invoice of a paid order (its net is the total):
 * - the taxable value is the gross less the discount, with GST on it at the order's rate;
 * - a discount above the gross does not lower the taxable value (the specification's "Coupon
 *   attachment and tax", rule 4): the taxable value is the gross, the tax is on it, and the gross
 *   comes off after tax as a discount line, leaving the tax to pay;
 * - an order priced from a rate card whose GST or net was typed by hand may not add up within a
 *   rupee: then the amount paid is invoiced, its taxable value worked back from the rate.
 */
export function invoiceLines(order: { grossAmount: Paise; discountAmount: Paise; gstRate: number; netAmount: Paise }, sameState: boolean): InvoiceLines {
  const overDiscounted = order.discountAmount > order.grossAmount;
  const taxable = overDiscounted ? order.grossAmount : order.grossAmount - order.discountAmount;
  const discount = overDiscounted ? order.grossAmount : 0;
  const taxes = taxLines(taxable, order.gstRate, sameState);
  const roundOff = order.netAmount - taxable - taxes.cgst - taxes.sgst - taxes.igst + discount;
  if (Math.abs(roundOff) > MAX_ROUND_OFF) return linesForAmount(order.netAmount, order.gstRate, sameState);
  return { taxable, ...taxes, discount, roundOff, total: order.netAmount };
}

/** True when every tax line is its rate × the taxable value, the lines add up and the round-off is under ₹1. */
export function linesAreSound(lines: InvoiceLines, gstRate: number, sameState: boolean): boolean {
  const taxes = taxLines(lines.taxable, gstRate, sameState);
  return (
    lines.cgst === taxes.cgst &&
    lines.sgst === taxes.sgst &&
    lines.igst === taxes.igst &&
    lines.discount >= 0 &&
    lines.discount <= lines.taxable &&
    Math.abs(lines.roundOff) <= MAX_ROUND_OFF &&
    lines.taxable + lines.cgst + lines.sgst + lines.igst - lines.discount + lines.roundOff === lines.total
  );
}

/**
 * The lines of a credit note against an invoice, or null when nothing is left to credit.
 * - `requested` (GST included) is capped at what has not been credited yet; without it, all of that.
 * - Crediting the whole invoice at once repeats its lines (so the note cancels it line for line),
 *   unless those lines were wrong (invoices issued before tax lines were checked).
 * - Any other amount is split at the invoice's rate, CGST + SGST or IGST as on the invoice.
 */
export function creditNoteLines(
  invoice: InvoiceLines & { gstRate: number; sameState: boolean },
  alreadyCredited: Paise,
  requested?: Paise,
): InvoiceLines | null {
  const remaining = invoice.total - alreadyCredited;
  if (remaining <= 0) return null;
  const amount = Math.min(requested ?? remaining, remaining);
  if (amount <= 0) return null;
  const { gstRate, sameState, ...lines } = invoice;
  if (alreadyCredited === 0 && amount === invoice.total && linesAreSound(lines, gstRate, sameState)) return lines;
  return linesForAmount(amount, gstRate, sameState);
}

const INVOICE_AMOUNT = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount as GST documents print it: rupees with the paise always written and Indian digit
 * grouping ("₹1,234.50", "₹0.00", "-₹1,000.00" for an amount taken off).
 */
export function invoiceAmount(paise: Paise): string {
  return INVOICE_AMOUNT.format(paise === 0 ? 0 : toRupees(paise));
}
