import { useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { canManageAccounts, canSeeScreen, consoleRoleLabels } from '../../../../shared/auth/roles.ts';
import { USERS_PAGE_SIZE, type UserListEntry } from '../../../../shared/students/users-list.schema.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { TableStateRows } from '../../components/table-state-rows.tsx';
import { ServerPager } from '../../components/server-pager.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { formatDateAndTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSettled } from '../../lib/use-settled.ts';
import { useCurrentUser } from '../auth/session.ts';
import { AccountSheet, STATUS_LABELS } from './account-sheet.tsx';
import { DraftWinnerAction } from './draft-winner-action.tsx';
import { InviteStaffModal } from './invite-staff-modal.tsx';

const COLUMNS = ['Name', 'Phone Number', 'Email Address', 'Lakshya Student', 'Game Nickname', 'Access Roles', 'Joined On'];

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
          <button type="button" className="text-left text-primary hover:underline" aria-label={`Open ${user.name.trim() || user.emailAddress || user.phoneNumber || 'account'}`} onClick={() => onOpen(user._id)}>
            {name}
          </button>
        ) : (
          name
        )}
        {user.status !== 'active' && <span className={user.status === 'disabled' ? 'block text-xs text-destructive' : 'block text-xs text-muted-foreground'}>{STATUS_LABELS[user.status]}</span>}
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
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [lakshya, setLakshya] = useState<'' | 'yes' | 'no'>('');
  const search = useSettled(searchText);
  useEffect(() => setPage(1), [search, lakshya]);
  const input = { page, pageSize: USERS_PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}), ...(lakshya ? { lakshya } : {}) };
  const users = api.users.list.useQuery(input, { placeholderData: keepPreviousData, retryDelay: 100 });
  const rows = users.data?.users ?? [];
  // Winner announcements are for the roles that see Winners.
  const myRoles = useCurrentUser().data?.roles ?? [];
  const canDraftWinner = canSeeScreen(myRoles, 'winners');
  // Inviting, roles, access and holdings are for administrators.
  const canManage = canManageAccounts(myRoles);
  const [openId, setOpenId] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const columns = canDraftWinner ? [...COLUMNS, 'Actions'] : COLUMNS;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">All Users</h1>
          <p className="text-sm text-muted-foreground">Every account: students and staff, newest first.</p>
        </div>
        {canManage && <Button onClick={() => setInviting(true)}>Invite Staff</Button>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Input aria-label="Search users" placeholder="Search name, phone, e-mail or nickname" className="max-w-md" maxLength={200} value={searchText} onChange={(event) => setSearchText(event.target.value)} />
        <NativeSelect aria-label="Lakshya Student" value={lakshya} onChange={(event) => setLakshya(event.target.value as typeof lakshya)}>
          <option value="">Lakshya Student: all</option>
          <option value="yes">Lakshya Student: Yes</option>
          <option value="no">Lakshya Student: No</option>
        </NativeSelect>
      </div>
      {users.isError && <LoadFailure title="Fetching data failed" error={users.error} onRetry={users.refetch} />}
      <div className="rounded-lg border bg-card">
        <Table aria-label="Users">
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column}>{column}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStateRows colSpan={columns.length} isPending={users.isPending} count={rows.length} loadingLabel="Loading users" emptyText="No users match">
              {rows.map((user) => <UserRow key={user._id} user={user} canDraftWinner={canDraftWinner} onOpen={canManage ? setOpenId : null} />)}
            </TableStateRows>
          </TableBody>
        </Table>
        <ServerPager page={page} pageSize={USERS_PAGE_SIZE} total={users.data?.total ?? 0} noun="users" onPage={setPage} />
      </div>
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
