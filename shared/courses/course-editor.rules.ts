/** Rules of the course editor that the console and the server share. */

/** A day label as typed: anything that is not a number becomes 0, a number its whole part. */
export function parseDayLabel(text: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) return 0;
  return Math.trunc(value);
}

/** Day labels typed as "1, 3, 5": each parsed as above, in the order typed, without repeats. */
export function parseDayLabels(text: string): number[] {
  const days = text
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map(parseDayLabel);
  return [...new Set(days)];
}

/**
 * The one-based position an item can be moved to, or null when Move must stay disabled: the
 * target must be a whole number from 1 to the number of items.
 */
export function movePosition(text: string, count: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const position = Number(trimmed);
  return position >= 1 && position <= count ? position : null;
}

/** The list with the item at `from` (zero-based) moved to the one-based `position`. */
export function moveTo<T>(items: readonly T[], from: number, position: number): T[] {
  if (from < 0 || from >= items.length || position < 1 || position > items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(position - 1, 0, item as T);
  return next;
}

/** Lecture ids added to and removed from a course since its last save. */
export interface LectureChanges {
  addedLectureIds: string[];
  removedLectureIds: string[];
}

export const NO_LECTURE_CHANGES: LectureChanges = { addedLectureIds: [], removedLectureIds: [] };

/** Records an added lecture; adding one removed since the last save cancels the removal. */
export function trackLectureAdded(changes: LectureChanges, lectureId: string): LectureChanges {
  if (changes.removedLectureIds.includes(lectureId)) {
    return { ...changes, removedLectureIds: changes.removedLectureIds.filter((id) => id !== lectureId) };
  }
  if (changes.addedLectureIds.includes(lectureId)) return changes;
  return { ...changes, addedLectureIds: [...changes.addedLectureIds, lectureId] };
}

/** Records a removed lecture; removing one added since the last save cancels the addition. */
export function trackLectureRemoved(changes: LectureChanges, lectureId: string): LectureChanges {
  if (changes.addedLectureIds.includes(lectureId)) {
    return { ...changes, addedLectureIds: changes.addedLectureIds.filter((id) => id !== lectureId) };
  }
  if (changes.removedLectureIds.includes(lectureId)) return changes;
  return { ...changes, removedLectureIds: [...changes.removedLectureIds, lectureId] };
}
