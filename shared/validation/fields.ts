import { z } from './zod.ts';

/** The longest title of anything staff name (an exam, a group, a lecture, a rate card). */
/** The text of a UUID (the ids of every record), without anchors: build patterns from it. */
export const UUID_TEXT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A whole string that is a UUID: an id that is not one cannot name a record (and PostgreSQL would refuse it). */
export const UUID_PATTERN = new RegExp(`^${UUID_TEXT}$`, 'i');

export const MAX_TITLE_LENGTH = 300;

/** A required title: `required` when it is missing or blank, and its own message when too long. */
export function titleSchema(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(MAX_TITLE_LENGTH, { error: `The title can be at most ${MAX_TITLE_LENGTH} characters long` });
}

/** A size in bytes as the server stores it (a bigint column), taken from the file where it matters. */
export const byteSizeSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
