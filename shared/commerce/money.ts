/**
 * Money is counted in paise (integer), everywhere it is stored or computed; rupees appear only at the
 * edges (what staff type, what the apps show). A rate (GST, a coupon's percentage) is a number with
 * up to 2 decimals.
 */
export type Paise = number;

/** Whole paise from rupees typed with up to 2 decimals (12.34 → 1234), rounding away float noise. */
export function toPaise(rupees: number): Paise {
  // Shifting the decimal text (1.005 → "1.005e2" → 100.5) rounds as the number was written; the
  // product 1.005 * 100 would be 100.49999999999999.
  const text = String(rupees);
  const shifted = text.includes('e') ? rupees * 100 : Number(`${text}e2`);
  return Math.round(shifted);
}

/** Rupees for display and JSON (1234 → 12.34). */
export function toRupees(paise: Paise): number {
  return paise / 100;
}

/** Rounds half up to a whole paisa (amounts here are never negative). */
export function roundPaise(value: number): Paise {
  return Math.round(value + Number.EPSILON * Math.abs(value));
}

/** Rounds to a whole rupee, half up: 12345 paise (₹123.45) → 12300; 12350 → 12400. */
export function roundToRupee(paise: Paise): Paise {
  return Math.round(paise / 100) * 100;
}

/** "1,234.5" style for messages: rupees with at most 2 decimals, Indian digit grouping. */
export function formatInr(paise: Paise): string {
  return toRupees(paise).toLocaleString('en-IN', { maximumFractionDigits: 2 });
}
