import { describe, expect, it } from 'vitest';
import { buildDaySchedule, dayTitle, type ScheduleSubjectInput } from '../../../../shared/courses/schedule.rules.ts';

const lecture = (id: string) => ({ _id: id, title: `Lecture ${id}` });

function subject(title: string, lectures: string[], plan: Record<string, number[]>, topics: Record<string, string> = {}): ScheduleSubjectInput {
  return { title, lectures: lectures.map(lecture), lectureDaySchedulePlan: plan, lectureTopicMetadata: topics };
}

describe('buildDaySchedule', () => {
  it('places each lecture on every day listed for it', () => {
    const days = buildDaySchedule([subject('History', ['h1'], { h1: [1, 4] })], []);
    expect(days.map((day) => day.dayIndex)).toEqual([1, 4]);
    expect(days.every((day) => day.lectures[0]!.lecture[0]!._id === 'h1')).toBe(true);
  });

  it('places each exam on every day listed for it', () => {
    const days = buildDaySchedule([], [{ dayTags: [2, 3], exam: 'e1', details: { title: 'Mock 1' } }]);
    expect(days.map((day) => [day.dayIndex, day.exams])).toEqual([
      [2, [{ _id: 'e1', exam: { title: 'Mock 1' } }]],
      [3, [{ _id: 'e1', exam: { title: 'Mock 1' } }]],
    ]);
  });

  it('makes a day the first time it appears, titled "Day N", and sorts the days ascending', () => {
    const days = buildDaySchedule([subject('History', ['h1', 'h2'], { h1: [10], h2: [2, 10] })], [{ dayTags: [5, 2], exam: 'e1', details: null }]);
    expect(days.map((day) => day.dayIndex)).toEqual([2, 5, 10]);
    expect(days.map((day) => day.title)).toEqual(['Day 2', 'Day 5', 'Day 10']);
    expect(dayTitle(7)).toBe('Day 7');
    // One day 10, holding both lectures.
    expect(days[2]!.lectures.flatMap((group) => group.lecture.map((item) => item._id))).toEqual(['h1', 'h2']);
  });

  it("labels a lecture's topic with its subject's title", () => {
    const [day] = buildDaySchedule([subject('Geography', ['g1'], { g1: [1] }, { g1: 'Rivers' })], []);
    expect(day!.lectures[0]!.lecture[0]).toMatchObject({ _id: 'g1', title: 'Lecture g1', topic: 'Geography' });
  });

  it('gives exam entries without a string id a null id', () => {
    const days = buildDaySchedule(
      [],
      [
        { dayTags: [1], exam: null, details: 'a' },
        { dayTags: [1], exam: 42, details: 'b' },
        { dayTags: [1], exam: { _id: 'x' }, details: 'c' },
        { dayTags: [1], exam: 'e9', details: 'd' },
      ],
    );
    expect(days[0]!.exams.map((entry) => entry._id)).toEqual([null, null, null, 'e9']);
  });

  it('groups lectures by their topic metadata, or the subject title when it is blank or missing', () => {
    const [day] = buildDaySchedule(
      [
        subject('Geography', ['g1', 'g2', 'g3', 'g4'], { g1: [1], g2: [1], g3: [1], g4: [1] }, { g1: 'Rivers', g2: '  ', g3: 'Rivers' }),
        subject('History', ['h1'], { h1: [1] }, { h1: '' }),
      ],
      [],
    );
    expect(day!.lectures.map((group) => [group.groupTitle, group.lecture.map((item) => item._id)])).toEqual([
      ['Rivers', ['g1', 'g3']],
      ['Geography', ['g2', 'g4']],
      ['History', ['h1']],
    ]);
  });

  it('leaves out a lecture with no days, and lists a day named twice for one lecture once', () => {
    const days = buildDaySchedule([subject('Maths', ['m1', 'm2'], { m1: [3, 3] })], []);
    expect(days).toHaveLength(1);
    expect(days[0]!.lectures[0]!.lecture.map((item) => item._id)).toEqual(['m1']);
  });
});
