/** What the publish rules need to know of a course. */
export interface CoursePublishFacts {
  isVisible: boolean;
  hasRateCard: boolean;
  subjects: ReadonlyArray<{
    title: string;
    isActive: boolean;
    lectures: ReadonlyArray<{ title: string; isPublished: boolean; days: readonly number[] }>;
  }>;
  exams: ReadonlyArray<{ title: string; isPublished: boolean; days: readonly number[] }>;
}

export const COURSE_WARNINGS = {
  noSubjects: 'No subjects: add a subject with its lectures',
  emptySubject: (title: string) => `The subject “${title}” has no lectures`,
  noRateCard: 'No rate card: choose the default rate card students buy this course under',
  unpublishedLecture: (title: string, subject: string) => `The lecture “${title}” in “${subject}” is not published`,
  unpublishedExam: (title: string) => `The exam “${title}” is not published`,
  emptyDays: (days: readonly number[]) =>
    days.length === 1 ? `Day ${days[0]} has nothing on it` : `Days ${days.join(', ')} have nothing on them`,
} as const;

/** Days between the first and the last day with something on them that have nothing (day 0 and below do not count). */
export function emptyDays(usedDays: Iterable<number>): number[] {
  const used = new Set([...usedDays].filter((day) => day >= 1));
  if (used.size === 0) return [];
  const first = Math.min(...used);
  const last = Math.max(...used);
  const gaps: number[] = [];
  for (let day = first + 1; day < last; day += 1) if (!used.has(day)) gaps.push(day);
  return gaps;
}

/**
 * The blockers a student would notice, one per missing thing. A course is published when it is
 * visible and has none; the warnings are listed for a hidden course too, so that the editor shows
 * what stands in the way before it is switched on. Inactive subjects are not shown to students and
 * are not checked.
 */
export function coursePublishWarnings(facts: CoursePublishFacts): string[] {
  const warnings: string[] = [];
  const subjects = facts.subjects.filter((subject) => subject.isActive);
  if (subjects.length === 0) warnings.push(COURSE_WARNINGS.noSubjects);
  for (const subject of subjects) {
    if (subject.lectures.length === 0) warnings.push(COURSE_WARNINGS.emptySubject(subject.title));
  }
  if (!facts.hasRateCard) warnings.push(COURSE_WARNINGS.noRateCard);
  for (const subject of subjects) {
    for (const lecture of subject.lectures) {
      if (!lecture.isPublished) warnings.push(COURSE_WARNINGS.unpublishedLecture(lecture.title, subject.title));
    }
  }
  for (const exam of facts.exams) if (!exam.isPublished) warnings.push(COURSE_WARNINGS.unpublishedExam(exam.title));
  const days = [...subjects.flatMap((subject) => subject.lectures.flatMap((lecture) => lecture.days)), ...facts.exams.flatMap((exam) => exam.days)];
  const gaps = emptyDays(days);
  if (gaps.length > 0) warnings.push(COURSE_WARNINGS.emptyDays(gaps));
  return warnings;
}

export function isCoursePublished(facts: CoursePublishFacts): boolean {
  return facts.isVisible && coursePublishWarnings(facts).length === 0;
}
