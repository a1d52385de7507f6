/** Meeting times as the console shows and sends them: India time, whatever the browser's zone. */
import { formatIndiaTime, fromIndiaDateTimeInput, toIndiaDateTimeInput } from '../../lib/format.ts';

/** "26 November 2026 at 7:30 pm", in India time; "—" when not a time. */
export function formatMeetingTime(iso: string): string {
  return formatIndiaTime(iso, 'long');
}

/**
 * A date-time picker's value ("2026-11-26T19:30", India time) as the server takes it:
 * an ISO time with its zone. Blank or unreadable stays as typed, for the server to name.
 */
export function pickerValueToIso(value: string): string {
  if (value.trim() === '') return '';
  return fromIndiaDateTimeInput(value)?.toISOString() ?? value;
}

/** An ISO time as a date-time picker holds it ("2026-11-26T19:30"), in India time; "" when not a time. */
export function isoToPickerValue(iso: string): string {
  return toIndiaDateTimeInput(iso).slice(0, 16);
}
