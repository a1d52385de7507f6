import { describe, expect, it } from 'vitest';
import type { ItemAnalysisQuestion } from '../../../shared/exams/item-analysis.schema.ts';
import { shareText, shownQuestions } from '../../../client/src/features/exams/item-analysis-section.tsx';

const question = (resId: string, flags: ItemAnalysisQuestion['flags']): ItemAnalysisQuestion => ({
  number: 1,
  resId,
  group: 'G',
  excerpt: 'Q',
  isVoided: false,
  openReports: 0,
  correctAnswerIndex: 0,
  students: 10,
  facility: 0.5,
  discrimination: 0.2,
  options: [],
  unattempted: 0,
  unattemptedShare: 0,
  averageTimeMs: 1000,
  flags,
});

describe('the item analysis table', () => {
  it('shows every question, or with "Flagged only" those with a flag, in their order', () => {
    const questions = [question('a', []), question('b', ['too-hard']), question('c', []), question('d', ['too-easy', 'negative-discrimination'])];
    expect(shownQuestions(questions, false).map((q) => q.resId)).toEqual(['a', 'b', 'c', 'd']);
    expect(shownQuestions(questions, true).map((q) => q.resId)).toEqual(['b', 'd']);
  });

  it('writes a share with two decimals and none as a dash', () => {
    expect(shareText(0.6667)).toBe('0.67');
    expect(shareText(-1)).toBe('-1.00');
    expect(shareText(null)).toBe('—');
  });
});
