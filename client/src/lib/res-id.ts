/**
 * A new id for an item added inside a record (an exam's group or question, a lecture's note, a
 * course's file): 24 random hex digits, made without crypto.randomUUID, which needs a secure context.
 */
export function newResId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
