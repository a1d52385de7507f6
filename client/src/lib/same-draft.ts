/**
 * Whether two drafts hold the same content: deep equality that stops at shared references. Edits
 * copy only the path they change, so comparing a 5,000-question draft with its saved copy touches
 * little more than that path.
 */
export function sameDraft(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A number field typed as text may read as NaN on both sides, which is no change.
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) => sameDraft((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The same, once each draft is put as it is sent: for drafts holding what the server ignores (React keys, say). */
export function sameWhenSent<Draft, Sent>(toSent: (draft: Draft) => Sent): (a: Draft, b: Draft) => boolean {
  return (a, b) => sameDraft(toSent(a), toSent(b));
}
