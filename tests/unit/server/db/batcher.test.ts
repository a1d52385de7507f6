import { describe, expect, it } from 'vitest';
import { createBatcher, isRowError } from '../../../../server/db/batcher.ts';
import { currentQueryScope, QueryScope, runInQueryScope } from '../../../../server/db/query-scope.ts';

/** A batch function whose batches end when the test says so; it records what each batch held. */
function heldBatches<In, Out>(answer: (item: In) => Out | Error) {
  const batches: In[][] = [];
  const pending: Array<() => void> = [];
  const runMany = (items: In[]) => {
    batches.push(items);
    return new Promise<Out[]>((resolve, reject) => {
      pending.push(() => {
        const results = items.map(answer);
        const failed = results.find((result) => result instanceof Error);
        if (failed) reject(failed);
        else resolve(results as Out[]);
      });
    });
  };
  const endNext = async () => {
    pending.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { runMany, batches, endNext, waiting: () => pending.length };
}

/** The end of the current turn of the event loop, when the calls made in it have gone. */
const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

const rowError = (message: string) => Object.assign(new Error(message), { code: '23503' });

describe('createBatcher', () => {
  it('runs a call alone at the end of its turn when nothing is running, and gathers the calls made meanwhile into the next batch', async () => {
    const held = heldBatches((n: number) => n * 10);
    const batched = createBatcher({ maxBatch: 100, concurrency: 1, runMany: held.runMany });
    const first = batched(1);
    expect(held.batches).toEqual([]);
    await turnEnds();
    expect(held.batches).toEqual([[1]]);
    const rest = [batched(2), batched(3), batched(4)];
    await turnEnds();
    expect(held.batches).toEqual([[1]]);
    await held.endNext();
    expect(await first).toBe(10);
    expect(held.batches).toEqual([[1], [2, 3, 4]]);
    await held.endNext();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it('gathers the calls made in one turn of the event loop into one batch, even with batches to spare', async () => {
    const held = heldBatches((n: number) => n);
    const batched = createBatcher({ maxBatch: 100, concurrency: 4, runMany: held.runMany });
    const all = [1, 2, 3].map((n) => batched(n));
    await turnEnds();
    expect(held.batches).toEqual([[1, 2, 3]]);
    const next = batched(4);
    await turnEnds();
    expect(held.batches).toEqual([[1, 2, 3], [4]]);
    await held.endNext();
    await held.endNext();
    expect(await Promise.all([...all, next])).toEqual([1, 2, 3, 4]);
  });

  it('runs at most `concurrency` batches at once and at most `maxBatch` calls in one', async () => {
    const held = heldBatches((n: number) => n);
    const batched = createBatcher({ maxBatch: 2, concurrency: 2, runMany: held.runMany });
    const all = [1, 2, 3, 4, 5, 6].map((n) => batched(n));
    await turnEnds();
    expect(held.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(held.waiting()).toBe(2);
    await held.endNext();
    expect(held.batches).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    await held.endNext();
    await held.endNext();
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("gives a row's error to its own caller only: the others of its batch are run again alone and answered", async () => {
    const held = heldBatches((n: number) => (n === 3 ? rowError('row 3 refused') : n));
    const batched = createBatcher({ maxBatch: 100, concurrency: 1, runMany: held.runMany });
    const first = batched(1);
    await turnEnds();
    const results = [2, 3, 4].map((n) =>
      batched(n).then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    await held.endNext();
    await first;
    await held.endNext(); // the batch of 2, 3 and 4 fails
    while (held.waiting() > 0) await held.endNext();
    expect(await Promise.all(results)).toEqual([{ value: 2 }, { error: 'row 3 refused' }, { value: 4 }]);
    expect(held.batches.slice(2).sort()).toEqual([[2], [3], [4]]);
  });

  it('gives an error of the whole batch (a timeout, a lost connection) to every caller, without running each again', async () => {
    const held = heldBatches((n: number) => (n > 1 ? Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }) : n));
    const batched = createBatcher({ maxBatch: 100, concurrency: 1, runMany: held.runMany });
    const first = batched(1);
    await turnEnds();
    const rest = [batched(2), batched(3)].map((call) => call.catch((error: Error) => error.message));
    await held.endNext();
    await first;
    await held.endNext();
    expect(await Promise.all(rest)).toEqual(['canceling statement due to statement timeout', 'canceling statement due to statement timeout']);
    expect(held.batches).toEqual([[1], [2, 3]]);
  });

  it('refuses a batch function that answers a result short, failing its callers rather than answering them wrong', async () => {
    const batched = createBatcher({ maxBatch: 100, concurrency: 1, runMany: async (items: number[]) => items.slice(1) });
    await expect(batched(1)).rejects.toThrow('a batch of 1 answered 0 results');
  });

  it("runs a batch outside the request that started it, so that the request's end cancels none of it", async () => {
    let scopeSeen: unknown = 'not run';
    const batched = createBatcher({
      maxBatch: 100,
      concurrency: 1,
      runMany: async (items: number[]) => {
        scopeSeen = currentQueryScope();
        return items;
      },
    });
    const scope = new QueryScope();
    await runInQueryScope(scope, () => {
      expect(currentQueryScope()).toBe(scope);
      return batched(1);
    });
    expect(scopeSeen).toBeUndefined();
  });

  it('tells a row error (SQLSTATE classes 22 and 23) from the others', () => {
    expect(isRowError(rowError('fk'))).toBe(true);
    expect(isRowError(Object.assign(new Error('bad value'), { code: '22P02' }))).toBe(true);
    expect(isRowError(Object.assign(new Error('timeout'), { code: '57014' }))).toBe(false);
    expect(isRowError(new Error('no code'))).toBe(false);
    expect(isRowError(null)).toBe(false);
  });
});
