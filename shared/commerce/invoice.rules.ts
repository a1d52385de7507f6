import type { Paise } from './money.ts';

/** States and union territories of India, as places of supply. */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands', 'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chandigarh', 'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu', 'Delhi', 'Goa', 'Gujarat', 'Haryana', 'Himachal Pradesh', 'Jammu and Kashmir',
  'Jharkhand', 'Karnataka', 'Kerala', 'Ladakh', 'Lakshadweep', 'Madhya Pradesh', 'Maharashtra', 'Manipur', 'Meghalaya',
  'Mizoram', 'Nagaland', 'Odisha', 'Puducherry', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana', 'Tripura',
  'Uttar Pradesh', 'Uttarakhand', 'West Bengal',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

/** The financial year (April to March, India time) a moment falls in: "2026-27". */
export function financialYear(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60_000);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** "INV/2026-27/000042": the series' prefix, the financial year and the number within it. */
export function documentNumber(prefix: string, year: string, number: number): string {
  return `${prefix}/${year}/${String(number).padStart(6, '0')}`;
}

export interface TaxSplit {
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** What rounding the net to a whole rupee added or took (so that the lines add up to the total). */
  roundOff: Paise;
  total: Paise;
}

/**
 * The lines of a GST invoice for an order: the taxable value (gross less discount), its GST as
 * CGST + SGST (half each, the odd paisa to SGST) when the buyer is in the seller's state and IGST
 * otherwise, and the round-off, so that everything adds up to the net to the paisa.
 */
export function splitTax(order: { grossAmount: Paise; discountAmount: Paise; gstAmount: Paise; netAmount: Paise }, sameState: boolean): TaxSplit {
  const taxable = Math.max(0, order.grossAmount - order.discountAmount);
  const cgst = sameState ? Math.floor(order.gstAmount / 2) : 0;
  const sgst = sameState ? order.gstAmount - cgst : 0;
  const igst = sameState ? 0 : order.gstAmount;
  return { taxable, cgst, sgst, igst, roundOff: order.netAmount - taxable - order.gstAmount, total: order.netAmount };
}
