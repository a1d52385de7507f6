import { expect } from 'vitest';

type Inject = (method: 'GET', path: string) => Promise<{ statusCode: number; body: string; json: () => unknown }>;

/** Every page of a list, 2 rows a page, as the ids it holds in order; fails on a repeated row. */
export async function allPageIds(inject: Inject, path: string, key: string): Promise<string[]> {
  const ids: string[] = [];
  const joiner = path.includes('?') ? '&' : '?';
  for (let page = 1; page < 50; page += 1) {
    const answer = await inject('GET', `${path}${joiner}pageSize=2&page=${page}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = (answer.json() as Record<string, Array<{ _id: string }>>)[key]!;
    ids.push(...rows.map((row) => row._id));
    if (rows.length < 2) break;
  }
  expect(new Set(ids).size, `${path}: a row repeated`).toBe(ids.length);
  return ids;
}

/** The ids of rows in ascending order of `key`, ties broken by the id (as the server's sort does). */
export function ascendingIds<Row extends { id: string }>(rows: readonly Row[], key: (row: Row) => string | number | null): string[] {
  const rank = (row: Row) => key(row);
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      // A null sorts as the smallest value.
      if (x !== y) return x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      return a.id < b.id ? -1 : 1;
    })
    .map((row) => row.id);
}

/** A list's answer to a sort it does not have: 400, naming `query.sort`. */
export async function expectSortRefused(inject: Inject, path: string): Promise<void> {
  const answer = await inject('GET', path);
  expect(answer.statusCode, path).toBe(400);
  expect((answer.json() as { field?: string }).field, path).toBe('query.sort');
}
