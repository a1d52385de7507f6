export const NO_NOTES = 'No Notes Attached';

/** "1 note", "3 notes" or 'No Notes Attached'. */
export function notesLabel(count: number): string {
  if (count <= 0) return NO_NOTES;
  return `${count} ${count === 1 ? 'note' : 'notes'}`;
}
