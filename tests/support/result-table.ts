import { expect } from 'vitest';

/** Checks a function against rows of [argument, expected result] (compared with toBe), naming the argument of a row that fails. */
export function expectResults<A, R>(fn: (arg: A) => R, rows: ReadonlyArray<readonly [A, R]>) {
  for (const [arg, result] of rows) expect(fn(arg), `${fn.name || 'result'} of ${String(arg)}`).toBe(result);
}
