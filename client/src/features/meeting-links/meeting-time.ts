/** Meeting times as the console shows and sends them. */

const longDateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeStyle: 'short' });

/** "26 November 2026 at 7:30 pm", in the reader's time zone; "—" when not a time. */
export function formatMeetingTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '—' : longDateTime.format(at);
}

/**
 * A date-time picker's value ("2026-11-26T19:30", the reader's own time) as the server takes it:
 * an ISO time with its zone. Blank or unreadable stays as typed, for the server to name.
 */
export function pickerValueToIso(value: string): string {
  if (value.trim() === '') return '';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** An ISO time as a date-time picker holds it ("2026-11-26T19:30"), in the reader's own time; "" when not a time. */
export function isoToPickerValue(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}
