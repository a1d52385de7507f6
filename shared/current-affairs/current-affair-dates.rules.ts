/**
 * A current-affairs post is named by its date. Staff pick a calendar day (YYYY-MM-DD); lists and
 * student apps show it as a short date ("26 Nov 2026"). Days are India's calendar days.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first and last days a post may be dated (PostgreSQL would take far more; nobody means them). */
export const FIRST_POST_DATE = '2000-01-01';
export const LAST_POST_DATE = '2099-12-31';

function partsOf(date: string): { year: number; month: number; day: number } | null {
  const match = DATE_TEXT.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(date: string): boolean {
  return partsOf(date) !== null;
}

/** True for a calendar day from FIRST_POST_DATE to LAST_POST_DATE (the text compares as the date does). */
export function isPostDate(date: string): boolean {
  return isCalendarDate(date) && date >= FIRST_POST_DATE && date <= LAST_POST_DATE;
}

/** "2026-11-26" → "26 Nov 2026": the title students and the lists show. Anything else is shown as given. */
export function shortPostDate(date: string): string {
  const parts = partsOf(date);
  if (!parts) return date;
  return `${parts.day} ${MONTHS[parts.month - 1]} ${parts.year}`;
}

/** Today in India (YYYY-MM-DD): the date a new post starts with. */
export function todayInIndia(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
