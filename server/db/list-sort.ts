import { sql, type RawBuilder } from 'kysely';
import { listSortOf, type SortParam } from '../../shared/validation/sorting.ts';

/** A column a list sorts by: the SQL column, and whether it can be null (a null sorts as the smallest value: last when descending). */
export interface SortColumn {
  ref: string;
  nullable?: boolean;
}

/**
 * The ORDER BY of a list sorted by one of its columns, then by `idRef` the same way: rows that tie
 * keep one order, so paging never repeats or skips one. Each direction is the other read backwards,
 * so one index on (column, id) serves both (with `nulls first` on a column that can be null).
 */
export function sortOrder<Column extends string>(sort: SortParam<Column>, columns: Record<Column, SortColumn>, idRef: string): RawBuilder<unknown> {
  const { column, direction } = listSortOf(sort);
  const { ref, nullable } = columns[column];
  const nulls = nullable ? (direction === 'asc' ? ' nulls first' : ' nulls last') : '';
  return sql`${sql.ref(ref)} ${sql.raw(direction + nulls)}, ${sql.ref(idRef)} ${sql.raw(direction)}`;
}
