import { useState } from 'react';
import { canManageAccounts, canSeeScreen, consoleRoleLabels } from '../../../../shared/auth/roles.ts';
import { USER_SORT_COLUMNS, USERS_PAGE_SIZE, USERS_USUAL_SORT, type UserListEntry, type UserSortColumn } from '../../../../shared/users/users-list.schema.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { ServerListTable } from '../../components/server-list/server-list-table.tsx';
import { SortableHeadingsRow, type SortableHeading } from '../../components/server-list/sortable-headings-row.tsx';
import { presentFilters, SERVER_LIST_QUERY_OPTIONS, useServerList } from '../../components/server-list/use-server-list.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { formatDateAndTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentUser } from '../auth/session.ts';
import { AccountSheet, STATUS_LABELS } from './account-sheet.tsx';
import { DraftWinnerAction } from './draft-winner-action.tsx';
import { InviteStaffModal } from './invite-staff-modal.tsx';

const COLUMNS: ReadonlyArray<SortableHeading<UserSortColumn>> = [
  { label: 'Name', column: 'name' },
  { label: 'Phone Number', column: 'phoneNumber' },
  { label: 'Email Address', column: 'emailAddress' },
  { label: 'Lakshya Student' },
  { label: 'Game Nickname' },
  { label: 'Access Roles' },
  { label: 'Joined On', column: 'createdAt' },
];

/** Roles as the table shows them: console roles by their labels, others as they are, joined by commas. */
function rolesText(roles: readonly string[]): string {
  const labels = consoleRoleLabels(roles);
  const others = roles.filter((role) => !['admin', 'staff', 'marketing', 'manager'].includes(role));
  return [...labels, ...others].join(', ');
}

function UserRow({ user, canDraftWinner, onOpen }: { user: UserListEntry; canDraftWinner: boolean; onOpen: ((id: string) => void) | null }) {
  const [date] = formatDateAndTime(user.createdAt);
  const name = user.name.trim() || <span className="text-muted-foreground">Unspecified</span>;
  return (
    <TableRow>
      <TableCell className="font-medium">
        {onOpen ? (
          <button
            type="button"
            className="text-left text-primary hover:underline"
            aria-label={`Open ${user.name.trim() || user.emailAddress || user.phoneNumber || 'account'}`}
            onClick={() => onOpen(user._id)}
          >
            {name}
          </button>
        ) : (
          name
        )}
        {user.status !== 'active' && (
          <span className={user.status === 'disabled' ? 'block text-xs text-destructive' : 'block text-xs text-muted-foreground'}>
            {STATUS_LABELS[user.status]}
          </span>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {user.phoneNumber ?? '—'}
        {user.phoneNumber && !user.phoneVerified && <span className="block text-xs text-muted-foreground">not verified</span>}
      </TableCell>
      <TableCell className="break-all">{user.emailAddress ?? '—'}</TableCell>
      <TableCell>{user.isLakshyaStudent ? 'Yes' : 'No'}</TableCell>
      <TableCell>{user.gameNickname ?? '—'}</TableCell>
      <TableCell>{rolesText(user.roles) || <span className="text-muted-foreground">Student</span>}</TableCell>
      <TableCell className="whitespace-nowrap">{date}</TableCell>
      {canDraftWinner && (
        <TableCell>
          <DraftWinnerAction user={user} />
        </TableCell>
      )}
    </TableRow>
  );
}

/** /admin/users: every account, a page of 100 at a time from the server, with filters. */
export function UsersPage() {
  useDocumentTitle('Users');
  const {
    filters,
    setFilter,
    query: users,
    pager,
    settled,
    sort,
    setSort,
  } = useServerList({
    initialFilters: { search: '', lakshya: '' as '' | 'yes' | 'no' },
    typed: ['search'],
    pageSize: USERS_PAGE_SIZE,
    sort: { columns: USER_SORT_COLUMNS, usual: USERS_USUAL_SORT },
    toInput: (settled, paging) => ({ ...paging, ...presentFilters(settled) }),
    useQuery: (input) => api.users.list.useQuery(input, SERVER_LIST_QUERY_OPTIONS),
  });
  const rows = users.data?.users ?? [];
  // Winner announcements are for the roles that see Winners.
  const myRoles = useCurrentUser().data?.roles ?? [];
  const canDraftWinner = canSeeScreen(myRoles, 'winners');
  // Inviting, roles, access and holdings are for administrators.
  const canManage = canManageAccounts(myRoles);
  const [openId, setOpenId] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const columns = canDraftWinner ? [...COLUMNS, { label: 'Actions' }] : COLUMNS;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">All Users</h1>
          <p className="text-sm text-muted-foreground">Every account: students and staff, newest first; choose a heading to sort by it.</p>
        </div>
        {canManage && <Button onClick={() => setInviting(true)}>Invite Staff</Button>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Input
          aria-label="Search users"
          placeholder="Search name, phone, e-mail or nickname"
          className="max-w-md"
          maxLength={200}
          value={filters.search}
          onChange={(event) => setFilter('search', event.target.value)}
        />
        <NativeSelect
          aria-label="Lakshya Student"
          value={filters.lakshya}
          onChange={(event) => setFilter('lakshya', event.target.value as typeof filters.lakshya)}
        >
          <option value="">Lakshya Student: all</option>
          <option value="yes">Lakshya Student: Yes</option>
          <option value="no">Lakshya Student: No</option>
        </NativeSelect>
      </div>
      <ExportButtons
        path="/api/admin/users/export"
        filters={{ search: settled.search, lakshya: settled.lakshya, sort }}
        total={users.data?.total}
        noun="users"
      />
      <ServerListTable
        label="Users"
        head={<SortableHeadingsRow headings={columns} sort={sort ?? USERS_USUAL_SORT} onSort={setSort} />}
        colSpan={columns.length}
        query={users}
        count={rows.length}
        loadingLabel="Loading users"
        emptyText="No users match"
        pager={{ ...pager, noun: 'users' }}
      >
        {rows.map((user) => (
          <UserRow key={user._id} user={user} canDraftWinner={canDraftWinner} onOpen={canManage ? setOpenId : null} />
        ))}
      </ServerListTable>
      {canManage && (
        <>
          <InviteStaffModal open={inviting} onOpenChange={setInviting} />
          <AccountSheet userId={openId} onClose={() => setOpenId(null)} />
        </>
      )}
    </div>
  );
}
UsersPage.displayName = 'UsersPage';
