import { describe, expect, it } from 'vitest';
import {
  movePosition,
  moveTo,
  NO_LECTURE_CHANGES,
  parseDayLabel,
  parseDayLabels,
  trackLectureAdded,
  trackLectureRemoved,
} from '../../../../shared/courses/course-editor.rules.ts';
import { COURSE_WARNINGS, coursePublishWarnings, isCoursePublished, type CoursePublishFacts } from '../../../../shared/courses/course-publish.rules.ts';

describe('day labels', () => {
  it.each([
    ['abc', 0],
    ['', 0],
    [' 7 ', 7],
    ['3.9', 3],
    ['-2', -2],
  ])('turn anything non-numeric into 0 and a number into an integer: %j is day %d', (label, day) => {
    expect(parseDayLabel(label)).toBe(day);
  });

  it('read a list separated by commas', () => {
    expect(parseDayLabels('1, 3 five,3')).toEqual([1, 3, 0]);
  });
});

describe('moving to a position', () => {
  it('allows only a whole number from 1 to the count', () => {
    expect(movePosition('1', 3)).toBe(1);
    expect(movePosition('3', 3)).toBe(3);
    expect(movePosition('4', 3)).toBeNull();
    expect(movePosition('0', 3)).toBeNull();
    expect(movePosition('1.5', 3)).toBeNull();
    expect(movePosition('-1', 3)).toBeNull();
    expect(movePosition('two', 3)).toBeNull();
    expect(movePosition('', 3)).toBeNull();
  });

  it('moves an item to the one-based position', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 0, 3)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('added and removed lecture ids', () => {
  it('are tracked, and an add and a remove of one id cancel out either way round', () => {
    let changes = trackLectureAdded(NO_LECTURE_CHANGES, 'l1');
    changes = trackLectureAdded(changes, 'l2');
    changes = trackLectureRemoved(changes, 'l3');
    expect(changes).toEqual({ addedLectureIds: ['l1', 'l2'], removedLectureIds: ['l3'] });
    changes = trackLectureRemoved(changes, 'l1');
    changes = trackLectureAdded(changes, 'l3');
    expect(changes).toEqual({ addedLectureIds: ['l2'], removedLectureIds: [] });
    expect(trackLectureAdded(changes, 'l2')).toBe(changes);
  });
});

describe('course publish warnings', () => {
  const published = { isPublished: true };
  const ready: CoursePublishFacts = {
    isVisible: true,
    hasRateCard: true,
    rateCardTermDays: 365,
    subjects: [{ title: 'History', isActive: true, lectures: [{ title: 'Mughals', ...published, days: [1, 2] }] }],
    exams: [{ title: 'Mock 1', ...published, days: [3] }],
  };

  it('are none for a complete course, which is published when visible', () => {
    expect(coursePublishWarnings(ready)).toEqual([]);
    expect(isCoursePublished(ready)).toBe(true);
    expect(isCoursePublished({ ...ready, isVisible: false })).toBe(false);
  });

  it('name each missing thing a student would notice', () => {
    expect(coursePublishWarnings({ ...ready, subjects: [] })).toEqual([COURSE_WARNINGS.noSubjects]);
    expect(coursePublishWarnings({ ...ready, subjects: [...ready.subjects, { title: 'Maths', isActive: true, lectures: [] }] })).toEqual([
      'The subject “Maths” has no lectures',
    ]);
    expect(coursePublishWarnings({ ...ready, hasRateCard: false })).toEqual([COURSE_WARNINGS.noRateCard]);
    expect(
      coursePublishWarnings({ ...ready, subjects: [{ title: 'History', isActive: true, lectures: [{ title: 'Mughals', isPublished: false, days: [1, 2] }] }] }),
    ).toEqual(['The lecture “Mughals” in “History” is not published']);
    expect(coursePublishWarnings({ ...ready, exams: [{ title: 'Mock 1', isPublished: false, days: [3] }] })).toEqual(['The exam “Mock 1” is not published']);
    expect(coursePublishWarnings({ ...ready, exams: [{ title: 'Mock 1', ...published, days: [6] }] })).toEqual(['Days 3–5 have nothing on them']);
    expect(coursePublishWarnings({ ...ready, exams: [{ title: 'Mock 1', ...published, days: [4] }] })).toEqual(['Day 3 has nothing on it']);
  });

  it('skip inactive subjects', () => {
    const facts = { ...ready, subjects: [...ready.subjects, { title: 'Hidden', isActive: false, lectures: [] }] };
    expect(coursePublishWarnings(facts)).toEqual([]);
  });
});
