import { describe, expect, it } from 'vitest';
import { BAND, bandOf, bandSize, flagsOf, itemFigures, questionExcerpt, tallyQuestions, type AnswerRow } from '../../../../shared/exams/item-analysis.rules.ts';

describe('bands', () => {
  it('are 27 % of the ranked students each, rounded half up, and none below ten', () => {
    expect(bandSize(9)).toBe(0);
    expect(bandSize(10)).toBe(3);
    expect(bandSize(12)).toBe(3);
    // 27 % of 50 is 13.5: half up.
    expect(bandSize(50)).toBe(14);
    expect(bandSize(150)).toBe(41);
    expect(bandSize(100_000)).toBe(27_000);
  });

  it('put the best places in the upper band and the last in the lower', () => {
    expect([1, 3, 4, 9, 10].map((place) => bandOf(place, 12))).toEqual([BAND.upper, BAND.upper, BAND.middle, BAND.middle, BAND.lower]);
    expect(bandOf(1, 5)).toBe(BAND.middle);
  });
});

describe('flags', () => {
  it('mark facility above 0.9, below 0.2 and a negative discrimination, none on a voided question', () => {
    expect(flagsOf({ facility: 0.91, discrimination: 0.1 }, false)).toEqual(['too-easy']);
    expect(flagsOf({ facility: 0.9, discrimination: 0 }, false)).toEqual([]);
    expect(flagsOf({ facility: 0.2, discrimination: null }, false)).toEqual([]);
    expect(flagsOf({ facility: 0.19, discrimination: -0.01 }, false)).toEqual(['too-hard', 'negative-discrimination']);
    expect(flagsOf({ facility: 0.05, discrimination: -1 }, true)).toEqual([]);
    expect(flagsOf({ facility: null, discrimination: null }, false)).toEqual([]);
  });
});

const row = (paperId: string, position: number, band: number, answer: number, students: number, timeMs = 0, seen = 0): AnswerRow => ({
  paperId,
  position,
  band,
  answer,
  students,
  timeMs,
  seen,
});

describe('tallies and figures', () => {
  // Paper p1 holds a then b; paper p2 holds b then c (b moved to the first place).
  const papers = new Map([
    ['p1', ['a', 'b']],
    ['p2', ['b', 'c']],
  ]);
  const paperBands = [
    { paperId: 'p1', band: BAND.upper, students: 2 },
    { paperId: 'p1', band: BAND.lower, students: 1 },
    { paperId: 'p2', band: BAND.lower, students: 1 },
    { paperId: 'p2', band: BAND.middle, students: 4 },
  ];
  const answers = [
    row('p1', 2, BAND.upper, 0, 2, 4000, 2),
    row('p1', 2, BAND.lower, 1, 1, 1000, 1),
    row('p2', 1, BAND.lower, 1, 1, 3000, 1),
    row('p2', 1, BAND.middle, 0, 3, 6000, 3),
    row('p2', 1, BAND.middle, -1, 1, 0, 0),
    row('p3', 1, BAND.middle, 0, 9, 9, 9),
  ];
  const tallies = tallyQuestions(papers, paperBands, answers);

  it('sum a question over the papers that held it, at whatever place', () => {
    const b = tallies.get('b')!;
    expect(b.students).toEqual({ all: 8, upper: 2, lower: 2 });
    expect(b.chosen.get(0)).toEqual({ all: 5, upper: 2, lower: 0 });
    expect(b.chosen.get(1)).toEqual({ all: 2, upper: 0, lower: 2 });
    expect(b.timeMs).toBe(14_000);
    expect(b.seen).toBe(7);
    expect(tallies.get('a')!.students).toEqual({ all: 3, upper: 2, lower: 1 });
    expect(tallies.get('c')!.students).toEqual({ all: 5, upper: 0, lower: 1 });
  });

  it('give facility, Kelley discrimination, options, unattempted and time by the key', () => {
    const figures = itemFigures(tallies.get('b'), { correctAnswerIndex: 1, isVoided: false }, 4);
    expect(figures.facility).toBe(0.25);
    expect(figures.discrimination).toBe(-1);
    expect(figures.options.map((o) => [o.count, o.share, o.isCorrect])).toEqual([
      [5, 0.625, false],
      [2, 0.25, true],
      [0, 0, false],
      [0, 0, false],
    ]);
    expect(figures.unattempted).toBe(1);
    expect(figures.unattemptedShare).toBe(0.125);
    expect(figures.averageTimeMs).toBe(2000);
    expect(figures.flags).toEqual(['negative-discrimination']);
    // Keyed to the option most chose: it discriminates the other way.
    expect(itemFigures(tallies.get('b'), { correctAnswerIndex: 0, isVoided: false }, 4).discrimination).toBe(1);
  });

  it('give no discrimination without both bands, nothing for a question no one had, and list an option chosen beyond the question', () => {
    expect(itemFigures(tallies.get('c'), { correctAnswerIndex: 0, isVoided: false }, 2).discrimination).toBeNull();
    expect(itemFigures(undefined, { correctAnswerIndex: 0, isVoided: false }, 2)).toMatchObject({
      students: 0,
      facility: null,
      discrimination: null,
      unattempted: 0,
      averageTimeMs: null,
      flags: [],
    });
    expect(itemFigures(tallies.get('b'), { correctAnswerIndex: -1, isVoided: false }, 1).options.map((o) => o.count)).toEqual([5, 2]);
    expect(itemFigures(tallies.get('b'), { correctAnswerIndex: -1, isVoided: false }, 4).facility).toBe(0);
  });
});

describe('excerpts', () => {
  it('are one line of plain text, cut with an ellipsis', () => {
    expect(questionExcerpt('<p>Who  wrote\n<b>Indulekha</b>?</p>')).toBe('Who wrote Indulekha ?');
    const long = questionExcerpt('x'.repeat(200));
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
});
