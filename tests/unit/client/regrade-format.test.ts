import { describe, expect, it } from 'vitest';
import type { RegradeSummary } from '../../../shared/exams/regrade.schema.ts';
import { counted, formatScoreChange, rankMoveText, resultsChanged, summaryRows } from '../../../client/src/features/exams/regrade-format.ts';

const SUMMARY: RegradeSummary = {
  attempts: 2500,
  changedAttempts: 3,
  up: 2,
  down: 1,
  maxGain: 1.33,
  maxLoss: -1.33,
  averageChange: 0.44,
  inProgress: 1,
  ranked: 4,
  moved: 4,
};

describe('regrade figures in words', () => {
  it('signs a change of score and rounds it to two places', () => {
    expect(formatScoreChange(1.33)).toBe('+1.33');
    expect(formatScoreChange(-0.333333)).toBe('-0.33');
    expect(formatScoreChange(0.001)).toBe('0');
    expect(formatScoreChange(1234.5)).toBe('+1,234.5');
  });

  it('counts with the right noun', () => {
    expect(counted(1, 'attempt')).toBe('1 attempt');
    expect(counted(250000, 'attempt')).toBe('2,50,000 attempts');
    expect(resultsChanged(0)).toBe('No result changed');
    expect(resultsChanged(1)).toBe('1 result changed');
    expect(resultsChanged(3)).toBe('3 results changed');
  });

  it('lists the summary, with the gain, loss and average only when a score changes', () => {
    expect(summaryRows(SUMMARY)).toEqual([
      { label: 'Attempts re-marked', value: '2,500' },
      { label: 'Scores that change', value: '3' },
      { label: 'Up / down', value: '2 up, 1 down' },
      { label: 'Largest gain', value: '+1.33' },
      { label: 'Largest loss', value: '-1.33' },
      { label: 'Average change', value: '+0.44' },
      { label: 'In progress (marked by the new key on submission)', value: '1' },
      { label: 'Ranked students', value: '4' },
      { label: 'Ranks that change', value: '4' },
    ]);
    const unchanged = summaryRows({ ...SUMMARY, changedAttempts: 0, up: 0, down: 0, maxGain: 0, maxLoss: 0, averageChange: 0, moved: 0 });
    expect(unchanged.map((row) => row.label)).not.toContain('Largest gain');
    expect(unchanged).toHaveLength(6);
  });

  it('writes a move as rank and score before → after', () => {
    expect(rankMoveText({ userId: 'u', name: 'Deepak', rankBefore: 3, rankAfter: 1, scoreBefore: 0.67, scoreAfter: 2 })).toEqual({
      rank: '3 → 1',
      score: '0.67 → 2',
    });
  });
});
