import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import type { UserSortColumn } from '../../shared/users/users-list.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';
import { usersQuery, type UsersFilter } from './users-list.repository.ts';

export type UserRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['execute']>>[number];

/** GET /api/admin/users/export.csv and .xlsx: the accounts the filters show, in the list's order (its `sort`). */
export async function exportUsers(ctx: RequestContext, query: UsersFilter & { sort: SortParam<UserSortColumn> }): Promise<ExportFile<UserRow>> {
  const { search, lakshya, role, sort } = query;
  return {
    name: 'users',
    sheet: 'Users',
    columns: new URL('./users-export-columns.ts', import.meta.url),
    batches: await openRowCursor(ctx.db, usersQuery(ctx.db, { search, lakshya, role }, sort)),
  };
}
