import { describe, expect, it } from 'vitest';
import type { ExamPaper } from '../../../../shared/exams/attempts.schema.ts';
import type { ScoringKey } from '../../../../shared/exams/exam-scoring-key.rules.ts';
import { cachedPaper, cachedScoringKey, questionIndexOf, type AttemptClock } from '../../../../server/exams/exam-caches.ts';

let ids = 0;
const newId = () => `cache-test-${(ids += 1)}`;
const paper = (title: string) => ({ title }) as unknown as ExamPaper;
const key = (correct: number) => ({ questions: [{ resId: 'q1', correctAnswerIndex: correct }] }) as unknown as ScoringKey;

/** A load that answers only when `finish` is called, counting its calls. */
function heldLoad<T>(value: T) {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const load = { calls: 0, finish, run: async () => ((load.calls += 1), await gate, value) };
  return load;
}

describe('the exam caches', () => {
  it('share one read among the callers that ask while it loads, and keep what it read', async () => {
    const id = newId();
    const held = heldLoad(paper('Shared'));
    const first = cachedPaper(id, held.run);
    const second = cachedPaper(id, held.run);
    held.finish();
    expect(await first).toEqual(paper('Shared'));
    expect(await second).toEqual(paper('Shared'));
    expect(await cachedPaper(id, () => Promise.reject(new Error('not read again')))).toEqual(paper('Shared'));
    expect(held.calls).toBe(1);
  });

  it('make a transaction read for itself rather than wait for a read still on its way, which needs another connection', async () => {
    const id = newId();
    const held = heldLoad(paper('Pool read'));
    const shared = cachedPaper(id, held.run);
    // The transaction's read answers while the pool's is still held.
    expect(await cachedPaper(id, async () => paper('Transaction read'), true)).toEqual(paper('Transaction read'));
    // What the transaction read is kept: the next caller needs no read.
    expect(await cachedPaper(id, () => Promise.reject(new Error('not read again')), true)).toEqual(paper('Transaction read'));
    held.finish();
    expect(await shared).toEqual(paper('Pool read'));
  });

  it('give a transaction a value already read without reading it again', async () => {
    const id = newId();
    await cachedPaper(id, async () => paper('Read before'));
    expect(await cachedPaper(id, () => Promise.reject(new Error('not read again')), true)).toEqual(paper('Read before'));
  });

  it('forget a failed read, in a transaction or not', async () => {
    const id = newId();
    await expect(cachedPaper(id, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cachedPaper(id, () => Promise.reject(new Error('down again')), true)).rejects.toThrow('down again');
    expect(await cachedPaper(id, async () => paper('Up'))).toEqual(paper('Up'));
  });

  it('do not keep an answer key read after the exam changed again, in a transaction or not', async () => {
    for (const inTransaction of [false, true]) {
      const exam = newId();
      expect(await cachedScoringKey(exam, 'v1', async () => ({ key: key(1), current: false }), inTransaction)).toEqual(key(1));
      expect(await cachedScoringKey(exam, 'v1', async () => ({ key: key(2), current: true }), inTransaction)).toEqual(key(2));
      expect(await cachedScoringKey(exam, 'v1', () => Promise.reject(new Error('not read again')), inTransaction)).toEqual(key(2));
    }
  });

  it('share one question index among the attempts that show the paper in its own order, and give an attempt with its own order its own', () => {
    const twoGroups = {
      questionGroups: [
        {
          questions: [
            { resId: 'q1', options: ['a', 'b', 'c', 'd'] },
            { resId: 'q2', options: ['a', 'b', 'c'] },
          ],
        },
        { questions: [{ resId: 'q3', options: ['a', 'b'] }] },
      ],
    } as unknown as ExamPaper;
    const clock = (id: string, layout: AttemptClock['layout']) =>
      ({ id, user_id: 'u', paper_id: 'p', started_at: new Date(), deadline_at: new Date(), layout }) as AttemptClock;
    const first = questionIndexOf(clock('a1', null), twoGroups);
    expect(questionIndexOf(clock('a2', null), twoGroups)).toBe(first);
    expect([...first.entries()]).toEqual([
      ['q1', { groupIndex: 0, optionOrder: [0, 1, 2, 3], optionCount: 4 }],
      ['q2', { groupIndex: 0, optionOrder: [0, 1, 2], optionCount: 3 }],
      ['q3', { groupIndex: 1, optionOrder: [0, 1], optionCount: 2 }],
    ]);
    const shuffled = clock('a3', {
      groups: [
        {
          questions: [
            { resId: 'q2', options: [2, 0, 1] },
            { resId: 'q1', options: [3, 2, 1, 0] },
          ],
        },
        { questions: [{ resId: 'q3', options: [1, 0] }] },
      ],
    } as unknown as AttemptClock['layout']);
    const own = questionIndexOf(shuffled, twoGroups);
    expect(own).not.toBe(first);
    expect(own.get('q1')).toEqual({ groupIndex: 0, optionOrder: [3, 2, 1, 0], optionCount: 4 });
    expect(own.get('q3')).toEqual({ groupIndex: 1, optionOrder: [1, 0], optionCount: 2 });
    expect(questionIndexOf(shuffled, twoGroups)).toBe(own);
    // The shared index is not changed by an attempt with its own order.
    expect(first.get('q1')!.optionOrder).toEqual([0, 1, 2, 3]);
  });
});
