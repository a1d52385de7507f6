import { plainName, withoutControlCharacters } from './plain-text.ts';
import { z } from './zod.ts';

/** The text of a UUID (the ids of every record), without anchors: build patterns from it. */
export const UUID_TEXT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A whole string that is a UUID: an id that is not one cannot name a record (and PostgreSQL would refuse it). */
export const UUID_PATTERN = new RegExp(`^${UUID_TEXT}$`, 'i');

/** The longest title of anything staff name (an exam, a group, a lecture, a rate card). */
export const MAX_TITLE_LENGTH = 300;

/**
 * Whether a text shows anything: not only spaces, control characters and invisible format
 * characters (zero-width spaces, joiners, direction marks, soft hyphens). A joiner inside
 * Malayalam text is fine; a name made of nothing but joiners is blank.
 */
export function hasVisibleText(text: string): boolean {
  return /[^\s\p{Cc}\p{Cf}]/u.test(text);
}

/** A required text: trimmed, `required` when missing, blank or invisible, `tooLong` past `max` characters. */
export function requiredTextSchema(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(hasVisibleText, { error: required, abort: true })
    .max(max, { error: tooLong });
}

/** A required text as `clean` leaves it: `required` when that is empty or made only of invisible characters, `tooLong` past `max` characters. */
function requiredCleanTextSchema(clean: (text: string) => string, required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .transform(clean)
    .pipe(z.string().min(1, { error: required, abort: true }).refine(hasVisibleText, { error: required, abort: true }).max(max, { error: tooLong }));
}

/**
 * A person's name: control characters and direction overrides dropped (as comments drop them), trimmed;
 * `required` when missing, blank or made only of invisible characters, `tooLong` past `max` characters.
 */
export function requiredNameSchema(required: string, max: number, tooLong: string) {
  return requiredCleanTextSchema(plainName, required, max, tooLong);
}

/** Plain text that may run over lines: control characters other than line breaks and tabs, and direction overrides, dropped; trimmed; required, at most `max` characters. */
export function requiredPlainTextSchema(required: string, max: number, tooLong: string) {
  return requiredCleanTextSchema((text) => withoutControlCharacters(text).trim(), required, max, tooLong);
}

/** A required title: `required` when it is missing or blank, and its own message when too long. */
export function titleSchema(required: string) {
  return requiredTextSchema(required, MAX_TITLE_LENGTH, `The title can be at most ${MAX_TITLE_LENGTH} characters long`);
}

/** A size in bytes as the server stores it (a bigint column), taken from the file where it matters. */
export const byteSizeSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
