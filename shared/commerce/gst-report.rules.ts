import type { IndianState } from './invoice.rules.ts';
import type { Paise } from './money.ts';

/** The SAC every document is issued under: commercial training and coaching services. */
export const SAC_CODE = '999293';
export const SAC_DESCRIPTION = 'Commercial training and coaching services';

/** The GST state code of each place of supply (the first two digits of a GSTIN there). */
export const GST_STATE_CODES: Record<IndianState, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** "Kerala" → "32"; null for a state the table does not know. */
export function gstStateCode(state: string): string | null {
  return Object.hasOwn(GST_STATE_CODES, state) ? GST_STATE_CODES[state as IndianState] : null;
}

/** A return period: a calendar month or a quarter of the financial year, with its India-time bounds. */
export interface GstPeriod {
  /** As asked: "2026-11" or "2026-27 Q3". */
  text: string;
  kind: 'month' | 'quarter';
  /** Its first and last day (India), "2026-10-01" and "2026-12-31". */
  firstDay: string;
  lastDay: string;
  /** The moments it runs between: from `start` (midnight India time on the first day) up to, not including, `end`. */
  start: Date;
  end: Date;
  label: string;
}

export const GST_PERIOD_MESSAGE = 'period is a month as 2026-11 or a quarter of the financial year as 2026-27 Q3';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** India is 5 h 30 min ahead of UTC all year (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000;

/** Midnight India time at the start of a day of a month (month 0-based, may run past 11). */
function indiaMidnight(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1) - INDIA_OFFSET_MS);
}

function day(year: number, month: number, dayOfMonth: number): string {
  const date = new Date(Date.UTC(year, month, dayOfMonth));
  return date.toISOString().slice(0, 10);
}

/** Months [from, from + count) of a year (0-based, may run into the next year). */
function span(text: string, kind: GstPeriod['kind'], year: number, from: number, count: number, label: string): GstPeriod {
  return {
    text,
    kind,
    firstDay: day(year, from, 1),
    lastDay: day(year, from + count, 0),
    start: indiaMidnight(year, from),
    end: indiaMidnight(year, from + count),
    label,
  };
}

/**
 * Reads a return period: "2026-11" (November 2026) or "2026-27 Q3" (the financial year's third
 * quarter, October to December 2026; Q1 is April to June, Q4 January to March 2027). Answers null
 * for anything else.
 */
export function parseGstPeriod(text: string): GstPeriod | null {
  const trimmed = text.trim();
  const month = /^(\d{4})-(\d{2})$/.exec(trimmed);
  if (month) {
    const year = Number(month[1]);
    const index = Number(month[2]) - 1;
    if (year < 2000 || index < 0 || index > 11) return null;
    return span(trimmed, 'month', year, index, 1, `${MONTH_NAMES[index]} ${year}`);
  }
  const quarter = /^(\d{4})-(\d{2}) ?Q([1-4])$/i.exec(trimmed);
  if (quarter) {
    const year = Number(quarter[1]);
    if (year < 2000 || Number(quarter[2]) !== (year + 1) % 100) return null;
    const q = Number(quarter[3]);
    const from = 3 + (q - 1) * 3;
    const text = `${quarter[1]}-${quarter[2]} Q${q}`;
    const lastMonth = from + 2;
    const label = `Q${q} ${text.slice(0, 7)} (${MONTH_NAMES[from % 12]} ${year + Math.floor(from / 12)} – ${MONTH_NAMES[lastMonth % 12]} ${year + Math.floor(lastMonth / 12)})`;
    return span(text, 'quarter', year, from, 3, label);
  }
  return null;
}

/**
 * Rupees with exactly two decimals, from paise, without going through a float: 103100 → "1031.00",
 * -46 → "-0.46". For CSV cells and the screen's figures.
 */
export function rupeesText(paise: Paise): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.abs(paise);
  return `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
