import { TERM_DAYS, type SubscriptionTerm } from '../subscriptions/subscription.constants.ts';

/** Days of access a rate card's term gives; null for no rate card, no term chosen, or a term not known. */
export function termDaysOf(term: string | null | undefined): number | null {
  const days = term ? TERM_DAYS[term as SubscriptionTerm] : undefined;
  return days ? days : null;
}

/** What the publish rules need to know of a course. */
export interface CoursePublishFacts {
  isVisible: boolean;
  hasRateCard: boolean;
  /** Days of access the default rate card's term gives; null without a rate card or a term. */
  rateCardTermDays: number | null;
  subjects: ReadonlyArray<{
    title: string;
    isActive: boolean;
    lectures: ReadonlyArray<{ title: string; isPublished: boolean; days: readonly number[] }>;
  }>;
  exams: ReadonlyArray<{ title: string; isPublished: boolean; days: readonly number[] }>;
}

/** A stretch of consecutive days, both ends included. */
export interface DayRange {
  from: number;
  to: number;
}

/** Stretches named in one warning; the rest are counted. */
export const MAX_LISTED_RANGES = 5;

/** 99999 → "99,999" (the same on every machine, whatever its locale). */
export function dayNumberText(day: number): string {
  return String(day).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function rangeText(range: DayRange): string {
  return range.from === range.to ? dayNumberText(range.from) : `${dayNumberText(range.from)}–${dayNumberText(range.to)}`;
}

/** "3", "3 and 5–7", "3, 5–7 and 9"; past {@link MAX_LISTED_RANGES}, the rest as "and N more stretches". */
function rangesText(ranges: readonly DayRange[]): string {
  const listed = ranges.slice(0, MAX_LISTED_RANGES).map(rangeText);
  const more = ranges.length - listed.length;
  if (more > 0) return `${listed.join(', ')} and ${dayNumberText(more)} more ${more === 1 ? 'stretch' : 'stretches'}`;
  return listed.length === 1 ? listed[0]! : `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)!}`;
}

export const COURSE_WARNINGS = {
  noSubjects: 'No subjects: add a subject with its lectures',
  emptySubject: (title: string) => `The subject “${title}” has no lectures`,
  noRateCard: 'No rate card: choose the default rate card students buy this course under',
  unpublishedLecture: (title: string, subject: string) => `The lecture “${title}” in “${subject}” is not published`,
  unpublishedExam: (title: string) => `The exam “${title}” is not published`,
  emptyDays: (ranges: readonly DayRange[]) =>
    ranges.length === 1 && ranges[0]!.from === ranges[0]!.to
      ? `Day ${dayNumberText(ranges[0]!.from)} has nothing on it`
      : `Days ${rangesText(ranges)} have nothing on them`,
  longerThanTerm: (lastDay: number, termDays: number) =>
    `The day plan runs to day ${dayNumberText(lastDay)}, past the ${dayNumberText(termDays)} ${termDays === 1 ? 'day' : 'days'} the rate card gives: students would lose access before the end`,
} as const;

/**
 * The stretches of days between the first and the last day with something on them that have
 * nothing (day 0 and below do not count). Worked out from the used days, so a stray day 100,000
 * costs no more than day 10.
 */
export function emptyDayRanges(usedDays: Iterable<number>): DayRange[] {
  const used = [...new Set([...usedDays].filter((day) => day >= 1))].sort((a, b) => a - b);
  const ranges: DayRange[] = [];
  for (let i = 1; i < used.length; i += 1) {
    if (used[i]! > used[i - 1]! + 1) ranges.push({ from: used[i - 1]! + 1, to: used[i]! - 1 });
  }
  return ranges;
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
  const gaps = emptyDayRanges(days);
  if (gaps.length > 0) warnings.push(COURSE_WARNINGS.emptyDays(gaps));
  const lastDay = days.reduce((last, day) => Math.max(last, day), 0);
  const termDays = facts.rateCardTermDays ?? 0;
  if (termDays > 0 && lastDay > termDays) warnings.push(COURSE_WARNINGS.longerThanTerm(lastDay, termDays));
  return warnings;
}

export function isCoursePublished(facts: CoursePublishFacts): boolean {
  return facts.isVisible && coursePublishWarnings(facts).length === 0;
}
