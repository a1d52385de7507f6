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


const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en-IN', { timeStyle: 'medium' });

/** The date and the time of an ISO timestamp, in the reader's time zone, apart for narrow table cells: ["21 Nov 2026", "2:30:05 pm"]. */
export function formatDateAndTime(iso: string | null | undefined): [string, string] {
  if (!iso) return ['—', ''];
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? ['—', ''] : [dateFormat.format(date), timeFormat.format(date)];
}
