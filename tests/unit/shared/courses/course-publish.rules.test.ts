import { describe, expect, it } from 'vitest';
import {
  COURSE_WARNINGS,
  coursePublishWarnings,
  dayNumberText,
  emptyDayRanges,
  MAX_LISTED_RANGES,
  termDaysOf,
  type CoursePublishFacts,
} from '../../../../shared/courses/course-publish.rules.ts';

const planOf = (lectureDays: number[], rateCardTermDays: number | null = 365): CoursePublishFacts => ({
  isVisible: true,
  hasRateCard: true,
  rateCardTermDays,
  subjects: [{ title: 'History', isActive: true, lectures: [{ title: 'Mughals', isPublished: true, days: lectureDays }] }],
  exams: [],
});

describe('emptyDayRanges', () => {
  it('names the stretches between used days, from day 1, each once', () => {
    expect(emptyDayRanges([0, 2, 5])).toEqual([{ from: 3, to: 4 }]);
    expect(emptyDayRanges([1, 3, 4, 9, 9, 3])).toEqual([
      { from: 2, to: 2 },
      { from: 5, to: 8 },
    ]);
    expect(emptyDayRanges([-4, 1, 2])).toEqual([]);
    expect(emptyDayRanges([])).toEqual([]);
    expect(emptyDayRanges([3])).toEqual([]);
  });
});

describe('the empty-days warning', () => {
  it('names a range with thousands separators and an en dash, not every day', () => {
    const warnings = coursePublishWarnings(planOf([1, 100_000], null));
    expect(warnings).toEqual(['Days 2–99,999 have nothing on them']);
  });

  it('names one day, one stretch, or a few stretches joined with "and"', () => {
    expect(coursePublishWarnings(planOf([1, 3]))).toEqual(['Day 2 has nothing on it']);
    expect(coursePublishWarnings(planOf([1, 3, 5]))).toEqual(['Days 2 and 4 have nothing on them']);
    expect(coursePublishWarnings(planOf([1, 3, 7, 9]))).toEqual(['Days 2, 4–6 and 8 have nothing on them']);
  });

  it('lists at most a few stretches and counts the rest, so it stays short however scattered the plan', () => {
    const everyOtherDay = Array.from({ length: 50_000 }, (_, i) => 2 * i + 1);
    const [warning] = coursePublishWarnings(planOf(everyOtherDay, null));
    expect(warning).toBe(`Days 2, 4, 6, 8, 10 and ${dayNumberText(49_999 - MAX_LISTED_RANGES)} more stretches have nothing on them`);
    expect(warning!.length).toBeLessThan(200);
    expect(
      COURSE_WARNINGS.emptyDays([
        { from: 2, to: 2 },
        { from: 4, to: 4 },
        { from: 6, to: 6 },
        { from: 8, to: 8 },
        { from: 10, to: 10 },
        { from: 12, to: 12 },
      ]),
    ).toBe('Days 2, 4, 6, 8, 10 and 1 more stretch have nothing on them');
  });
});

describe('the day plan and the rate card term', () => {
  it('warns when the plan runs past the days the rate card gives', () => {
    expect(coursePublishWarnings(planOf([1, 2, 31], 30))).toEqual(['Days 3–30 have nothing on them', COURSE_WARNINGS.longerThanTerm(31, 30)]);
    expect(COURSE_WARNINGS.longerThanTerm(400, 365)).toBe(
      'The day plan runs to day 400, past the 365 days the rate card gives: students would lose access before the end',
    );
  });

  it('is quiet for a plan that fits, and without a rate card or a term', () => {
    expect(coursePublishWarnings(planOf([1, 30], 30)).filter((warning) => warning.startsWith('The day plan'))).toEqual([]);
    expect(coursePublishWarnings(planOf([1, 2], 1))).toEqual([COURSE_WARNINGS.longerThanTerm(2, 1)]);
    expect(coursePublishWarnings(planOf([1, 2], null))).toEqual([]);
  });

  it('reads the term of a rate card as days', () => {
    expect(termDaysOf('12-months')).toBe(365);
    expect(termDaysOf('45-days')).toBe(45);
    expect(termDaysOf('not-selected')).toBeNull();
    expect(termDaysOf(null)).toBeNull();
    expect(termDaysOf('fortnight')).toBeNull();
  });
});
