import { describe, expect, it } from 'vitest';
import { deadlineOf, groupWindows, isWithinGrace, quizLayout, shuffled } from '../../../../shared/exams/attempt-clock.rules.ts';

describe('groupWindows', () => {
  const start = 1_000_000;
  const deadline = deadlineOf(start, 30);
  it('opens unrestricted groups for the whole exam and restricted ones one after another', () => {
    const windows = groupWindows(
      [
        { durationInMins: 10, hasTimeRestriction: true },
        { durationInMins: 40, hasTimeRestriction: false },
        { durationInMins: 15, hasTimeRestriction: true },
      ],
      start,
      deadline,
    );
    expect(windows).toEqual([
      { opensAtMs: start, closesAtMs: start + 600_000 },
      { opensAtMs: start, closesAtMs: deadline },
      { opensAtMs: start + 600_000, closesAtMs: start + 1_500_000 },
    ]);
  });
  it('cuts windows at the deadline', () => {
    const windows = groupWindows(
      [
        { durationInMins: 25, hasTimeRestriction: true },
        { durationInMins: 25, hasTimeRestriction: true },
      ],
      start,
      deadline,
    );
    expect(windows[1]).toEqual({ opensAtMs: start + 1_500_000, closesAtMs: deadline });
  });
});

describe('isWithinGrace', () => {
  it('takes answers up to 15 s after a closing time', () => {
    expect(isWithinGrace(10_000 + 15_000, 10_000)).toBe(true);
    expect(isWithinGrace(10_000 + 15_001, 10_000)).toBe(false);
  });
});

describe('shuffled and quizLayout', () => {
  it('keeps every item once', () => {
    expect(shuffled([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
  it('shuffles questions within their group and options within their question', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const layout = quizLayout([{ resId: 'g', questions: Array.from({ length: 6 }, (_, i) => ({ resId: `q${i}`, options: ['A', 'B', 'C', 'D'] })) }], random);
    expect(layout.groups[0]!.questions.map((q) => q.resId).sort()).toEqual(['q0', 'q1', 'q2', 'q3', 'q4', 'q5']);
    expect(layout.groups[0]!.questions.map((q) => q.resId)).not.toEqual(['q0', 'q1', 'q2', 'q3', 'q4', 'q5']);
    for (const question of layout.groups[0]!.questions) expect([...question.options].sort()).toEqual([0, 1, 2, 3]);
  });
});
