import { describe, expect, it } from 'vitest';
import { examEditorPath } from '../../../client/src/features/exams/exam-paths.ts';
import { questionName } from '../../../client/src/features/exams/exam-reports-tab.tsx';
import { openReportsLabel } from '../../../client/src/features/exams/key-report-counts.tsx';

describe('the exam editor’s reports', () => {
  it('opens a question of the Questions tab by its id, embedded or not', () => {
    expect(examEditorPath('e1', { mode: 'questions', question: 'g1q2' })).toBe('/admin/exams/editor/e1/questions?question=g1q2');
    expect(examEditorPath('e1', { mode: 'questions', embedded: true, question: 'a b' })).toBe('/admin/exams/editor/e1/questions?type=v1&question=a+b');
    expect(examEditorPath('e1', { mode: 'reports' })).toBe('/admin/exams/editor/e1/reports');
  });

  it('names a question by its number, or by its id once it is no longer in the exam', () => {
    expect(questionName({ number: 12, questionResId: 'q' })).toBe('Question 12');
    expect(questionName({ number: null, questionResId: 'g1q9' })).toBe('Question g1q9 (no longer in the exam)');
    expect([1, 2].map(openReportsLabel)).toEqual(['1 open report', '2 open reports']);
  });
});
