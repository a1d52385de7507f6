/** Formatting of sizes, rates, durations and dates, as the console shows them. */

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; one decimal below 10 units, none above; "—" when unknown. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  const digits = value < 10 ? 1 : 0;
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}

/** Bits per second: 800000 → "800 kb/s", 1400000 → "1.4 Mb/s". */
export function formatBitrate(bitsPerSecond: number | null | undefined): string {
  if (bitsPerSecond == null || !Number.isFinite(bitsPerSecond) || bitsPerSecond <= 0) return '—';
  if (bitsPerSecond >= 1_000_000) {
    const mb = bitsPerSecond / 1_000_000;
    return `${Number(mb.toFixed(mb < 10 ? 1 : 0))} Mb/s`;
  }
  return `${Math.round(bitsPerSecond / 1000)} kb/s`;
}

/** An audio sample rate: 48000 → "48 kHz", 44100 → "44.1 kHz". */
export function formatSampleRate(hertz: number | null | undefined): string {
  if (hertz == null || !Number.isFinite(hertz) || hertz <= 0) return '—';
  return `${Number((hertz / 1000).toFixed(1))} kHz`;
}

/** A running time: 4.2 → "0:04", 3725 → "1:02:05". */
export function formatClock(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = whole % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(secs)}` : `${minutes}:${two(secs)}`;
}

/** Whole minutes, as the lecture list shows a video's length: 1 → "1 min", 12 → "12 mins". */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes == null || !Number.isFinite(minutes)) return '—';
  return `${minutes} ${minutes === 1 ? 'min' : 'mins'}`;
}

/**
 * Staff read and type every time in India's time zone, whatever zone the browser is set to.
 * India keeps no daylight saving, so its offset is fixed at +05:30.
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
const INDIA_OFFSET_MS = 330 * 60_000;

/** An instant as the server sends it: an ISO text, milliseconds since 1970, or a Date. */
export type Instant = string | number | Date | null | undefined;

function toDate(value: Instant): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

const INDIA_FORMATS = {
  /** "21 Nov 2026" */
  date: new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, dateStyle: 'medium' }),
  /** "8:00:05 pm" */
  time: new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, timeStyle: 'medium' }),
  /** "21 Nov 2026, 8:00 pm" */
  dateTime: new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }),
  /** "21 November 2026 at 8:00 pm" */
  long: new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, dateStyle: 'long', timeStyle: 'short' }),
} as const;
export type IndiaTimeStyle = keyof typeof INDIA_FORMATS;

/** The one way the console writes a time: in India's time zone, in one of a few styles; "—" when there is none. */
export function formatIndiaTime(value: Instant, style: IndiaTimeStyle = 'dateTime'): string {
  const at = toDate(value);
  return at ? INDIA_FORMATS[style].format(at) : '—';
}

/** The date and the time of an instant in India time, apart for narrow table cells: ["21 Nov 2026", "8:00:05 pm"]. */
export function formatDateAndTime(value: Instant): [string, string] {
  const at = toDate(value);
  return at ? [INDIA_FORMATS.date.format(at), INDIA_FORMATS.time.format(at)] : ['—', ''];
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as India's wall clock, "YYYY-MM-DDTHH:mm" (seconds only when there are some): the value a
 * datetime-local input holds. Worked out from the UTC fields shifted by India's fixed offset, so the
 * browser's own zone plays no part. "" for none or nonsense.
 */
export function toIndiaDateTimeInput(value: Instant): string {
  const at = toDate(value);
  if (!at) return '';
  const india = new Date(at.getTime() + INDIA_OFFSET_MS);
  const seconds = india.getUTCSeconds();
  return `${india.getUTCFullYear()}-${two(india.getUTCMonth() + 1)}-${two(india.getUTCDate())}T${two(india.getUTCHours())}:${two(india.getUTCMinutes())}${seconds ? `:${two(seconds)}` : ''}`;
}

const DATE_TIME_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * A datetime-local value ("2026-12-01T09:00") read as India time → the instant; null when blank or not a
 * real date and time (31 February, 25:00), which is refused rather than rolled over.
 */
export function fromIndiaDateTimeInput(text: string): Date | null {
  const match = DATE_TIME_INPUT.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second) - INDIA_OFFSET_MS);
  const back = new Date(at.getTime() + INDIA_OFFSET_MS);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? at : null;
}
