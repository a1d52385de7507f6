import { z } from '../validation/zod.ts';

/**
 * Editors save with the version they loaded; a save made from an older copy is refused, so
 * that two staff members (or two tabs) never silently overwrite each other's work.
 */
export const versionSchema = z
  .number()
  .int()
  .min(1)
  .max(2_147_483_647)
  .optional()
  .describe(
    'The version the editor loaded (from GET). When sent, the save is refused with 409 and `stale` if someone saved in the meantime; when left out, the save overwrites whatever is stored.',
  );

/** What an editor's save sends: the whole value, and the version it loaded. */
export function saveInputSchema<Value extends z.ZodType>(value: Value) {
  return z.object({ value, version: versionSchema });
}

/** "23 Nov 2026, 9:40 pm IST": staff read times in India's time zone. */
export function staffTime(at: Date): string {
  const text = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(at);
  return `${text} IST`;
}

/** The 409 answer to a save made from an older copy: who saved it, and when. */
export function staleSaveMessage(thing: string, by: string | null, at: Date): string {
  return `${by ?? 'Someone'} saved this ${thing} at ${staffTime(at)}, after you opened it. Reload to see their changes; your unsaved edits stay here until you do.`;
}
