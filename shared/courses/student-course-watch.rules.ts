/**
 * Who may watch which lectures of a course, worked out from facts shared by every reader of the
 * course (kept with its cached body) and the few grants of one student. The same rule as
 * `lectureEntitledSql` (playback's check): a lecture opens when it is free, held directly or by
 * its rate card, or through another course the student may open that has it in an active subject.
 */

export interface CourseWatchFacts {
  /** Lectures every signed-in student may watch: no rate card or one free for everyone, or in another open course anyone may open. */
  freeLectureIds: ReadonlySet<string>;
  /** The course's lectures by the rate card each is sold under. */
  lecturesByCard: ReadonlyMap<string, readonly string[]>;
  /** Lectures free to special (Lakshya) students: their card, or another course holding them, is free to them. */
  lakshyaLectureIds: readonly string[];
  /** Other courses holding lectures of this one, that a holder may open: their rate cards (default and extra) and those lectures. */
  otherCourses: ReadonlyArray<{ id: string; cardIds: readonly string[]; lectureIds: readonly string[] }>;
}

/** One student's active grants (of lectures, of courses, of rate cards) and whether they are a current special student. */
export interface ReaderGrants {
  lectureIds: readonly string[];
  courseIds: readonly string[];
  cardIds: readonly string[];
  isLakshyaStudent: boolean;
}

/** What decides who may open the course itself: its state and the rate cards it is sold under. */
export interface CourseAccessFacts {
  courseId: string;
  isPublished: boolean;
  isVisible: boolean;
  isExpired: boolean;
  /** The default rate card (null: the course is open to everyone while published). */
  defaultCardId: string | null;
  /** Every card it is sold under (default and extra), each with whom it is free to ('none': everyone), or null when paid. */
  cards: ReadonlyArray<{ id: string; freeMode: 'none' | 'lakshya-students' | null }>;
}

/**
 * The course for one student, by the rule of courseOpenSql and courseEntitledSql: whether it is free
 * to them (and why), whether they hold it (a card of it free to them, or a grant of the course or of
 * a card of it), whether they may open everything in it, and whether it is open to them at all
 * (published, expired ones only to those entitled; visible, to those who hold it, while a warning
 * keeps it offline). Lecture grants play no part: they open lectures, not the course.
 */
export function courseAccessFor(
  course: CourseAccessFacts,
  reader: Omit<ReaderGrants, 'lectureIds'>,
): { open: boolean; entitled: boolean; freeMode: 'none' | 'lakshya-students' | null } {
  const free = course.cards.filter((card) => card.freeMode === 'none' || (card.freeMode === 'lakshya-students' && reader.isLakshyaStudent));
  const freeMode = free.some((card) => card.freeMode === 'none') ? 'none' : free.length > 0 ? 'lakshya-students' : null;
  const held = free.length > 0 || reader.courseIds.includes(course.courseId) || course.cards.some((card) => reader.cardIds.includes(card.id));
  const entitled = course.defaultCardId === null || held;
  const open = (course.isPublished && (!course.isExpired || entitled)) || (course.isVisible && held);
  return { open, entitled, freeMode };
}

/** The lectures of the course a student holds without holding the course (free lectures aside). */
export function lecturesHeldBy(facts: CourseWatchFacts, reader: ReaderGrants): Set<string> {
  const held = new Set<string>(reader.lectureIds);
  for (const card of reader.cardIds) for (const id of facts.lecturesByCard.get(card) ?? []) held.add(id);
  for (const course of facts.otherCourses) {
    if (reader.courseIds.includes(course.id) || course.cardIds.some((card) => reader.cardIds.includes(card))) for (const id of course.lectureIds) held.add(id);
  }
  if (reader.isLakshyaStudent) for (const id of facts.lakshyaLectureIds) held.add(id);
  return held;
}
