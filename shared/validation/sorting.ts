import { z } from './zod.ts';

/** Which way a list is sorted. */
export type SortDirection = 'asc' | 'desc';

/** A list's sort as it is asked for: `name` sorts by name ascending, `-name` descending. */
export type SortParam<Column extends string> = Column | `-${Column}`;

export interface ListSort<Column extends string> {
  column: Column;
  direction: SortDirection;
}

/** The message a sort outside a list's columns is answered with: it names `sort` and what it takes. */
export function sortMessage(columns: readonly string[]): string {
  return `sort is one of ${columns.join(', ')}, each with a - before it for descending`;
}

/**
 * A list's `sort` query: one of its columns, ascending, or the column with a `-` before it,
 * descending (`sort=-createdAt`); `usual` when left out. Anything else is refused, naming `sort`.
 */
export function sortSchema<const Column extends string>(columns: readonly [Column, ...Column[]], usual: SortParam<Column>) {
  const values = columns.flatMap((column) => [column, `-${column}`]) as [SortParam<Column>, ...SortParam<Column>[]];
  return z.enum(values, { error: sortMessage(columns) }).default(usual as never) as z.ZodDefault<z.ZodType<SortParam<Column>, SortParam<Column>>>;
}

/** The column and direction of a sort asked for as `name` or `-name`. */
export function listSortOf<Column extends string>(sort: SortParam<Column>): ListSort<Column> {
  return sort.startsWith('-') ? { column: sort.slice(1) as Column, direction: 'desc' } : { column: sort as Column, direction: 'asc' };
}

/** The sort asked for when a column's heading is chosen: the column ascending, or descending when it was already ascending. */
export function nextSort<Column extends string>(current: SortParam<Column>, column: Column): SortParam<Column> {
  return current === column ? `-${column}` : column;
}
