import { z } from './zod.ts';

/** A moment as the student apps receive it: ISO 8601 in UTC (`2026-11-27T08:30:00.000Z`), `format: date-time`. */
export const utcDateTimeSchema = z.iso.datetime();

/** A calendar day, `YYYY-MM-DD` (`format: date`). */
export const calendarDateSchema = z.iso.date();

/** The ISO 8601 UTC text of a moment, for answers (`null` stays `null`). */
export function utcIso(moment: Date | number): string;
export function utcIso(moment: Date | number | null): string | null;
export function utcIso(moment: Date | number | null): string | null {
  return moment === null ? null : new Date(moment).toISOString();
}
