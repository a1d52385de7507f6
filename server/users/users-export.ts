import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import type { UserSortColumn } from '../../shared/users/users-list.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';
import { usersQuery, type UsersFilter } from './users-list.repository.ts';

type UserRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['execute']>>[number];

/** The columns of the accounts export: what the All users table shows. */
export const USER_COLUMNS: ReadonlyArray<ExportColumn<UserRow>> = [
  { header: 'Account id', kind: 'text', value: (row) => row.id },
  { header: 'Name', kind: 'text', value: (row) => row.name },
  { header: 'Phone number', kind: 'text', value: (row) => row.phone_number },
  { header: 'Phone verified', kind: 'text', value: (row) => (row.phone_verified_at === null ? 'no' : 'yes') },
  { header: 'E-mail address', kind: 'text', value: (row) => row.email_address },
  { header: 'Game nickname', kind: 'text', value: (row) => row.game_nickname },
  { header: 'Roles', kind: 'text', value: (row) => row.roles.join(' ') },
  { header: 'Lakshya student', kind: 'text', value: (row) => (row.is_lakshya ? 'yes' : 'no') },
  { header: 'Status', kind: 'text', value: (row) => row.status },
  { header: 'Joined (India time)', kind: 'date', value: (row) => row.created_at },
];

/** GET /api/admin/users/export.csv and .xlsx: the accounts the filters show, in the list's order (its `sort`). */
export async function exportUsers(ctx: RequestContext, query: UsersFilter & { sort: SortParam<UserSortColumn> }): Promise<ExportFile<UserRow>> {
  const { search, lakshya, role, sort } = query;
  return { name: 'users', sheet: 'Users', columns: USER_COLUMNS, batches: await openRowCursor(ctx.db, usersQuery(ctx.db, { search, lakshya, role }, sort)) };
}
