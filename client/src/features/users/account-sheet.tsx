import { X } from 'lucide-react';
import type { AccountDetail } from '../../../../shared/auth/accounts.schema.ts';
import { GRANTABLE_ROLE_LABELS, type GrantableRole } from '../../../../shared/auth/roles.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatIndiaTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { useCurrentUser } from '../auth/session.ts';
import { HistoryPanel } from '../audit/history-panel.tsx';
import { AccountAccessSection } from './account-access-section.tsx';
import { AccountGrants, AccountOrders } from './account-holdings.tsx';

export const STATUS_LABELS: Record<AccountDetail['status'], string> = { active: 'Active', invited: 'Invitation pending', disabled: 'Disabled' };
const STATUS_VARIANTS = { active: 'success', invited: 'info', disabled: 'destructive' } as const;

function LakshyaStudentStatus({ account }: { account: AccountDetail }) {
  const { lakshyaStudent } = account;
  let text = 'Not on the lakshya-students list.';
  if (lakshyaStudent.onList) {
    const until = lakshyaStudent.expiryDate ? ` until ${formatIndiaTime(`${lakshyaStudent.expiryDate}T00:00:00+05:30`, 'date')}` : '';
    text = lakshyaStudent.current
      ? `Special student${until}: rate cards free to special students are open to them.`
      : account.phoneVerified
        ? `On the list as ${lakshyaStudent.listedName ?? ''}, but the expiry date has passed.`
        : `On the list as ${lakshyaStudent.listedName ?? ''}, but the phone number is not verified yet, so it does not count.`;
  }
  return (
    <section aria-labelledby="account-special-title" className="grid gap-1">
      <h3 id="account-special-title" className="text-base font-semibold">
        Special student (Lakshya)
      </h3>
      <p className="text-sm">{text}</p>
    </section>
  );
}

/** One account from the Users screen: who it is, its roles and access, and what it holds. */
export function AccountSheet({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const detail = api.users.detail.useQuery({ id: userId ?? '' }, { enabled: userId !== null });
  const me = useCurrentUser().data;
  const account = detail.data;
  return (
    <Sheet open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full flex-col gap-5 overflow-y-auto p-4 sm:w-[42rem] sm:p-6">
        <div className="flex items-start justify-between gap-2">
          <div className="grid gap-1">
            <SheetTitle className="text-xl font-semibold">{account ? account.name.trim() || 'Unspecified' : 'Account'}</SheetTitle>
            <SheetDescription className="break-all text-sm text-muted-foreground">
              {account ? [account.emailAddress, account.phoneNumber].filter(Boolean).join(' · ') || 'No e-mail address or phone number' : 'Loading the account'}
            </SheetDescription>
          </div>
          <SheetClose asChild>
            <Button variant="ghost" size="icon" aria-label="Close">
              <X aria-hidden="true" />
            </Button>
          </SheetClose>
        </div>
        {detail.isError && <LoadFailure title="Fetching the account failed" error={detail.error} onRetry={detail.refetch} />}
        {detail.isPending && userId !== null && <Spinner label="Loading the account" />}
        {account && (
          <>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant={STATUS_VARIANTS[account.status]}>{STATUS_LABELS[account.status]}</Badge>
              <span>{account.roles.map((role) => GRANTABLE_ROLE_LABELS[role as GrantableRole] ?? role).join(', ') || 'Student'}</span>
              <span className="text-muted-foreground">Joined {formatIndiaTime(account.createdAt, 'date')}</span>
            </div>
            <AccountAccessSection account={account} isSelf={me?._id === account._id} onReload={() => void detail.refetch()} />
            <LakshyaStudentStatus account={account} />
            <AccountGrants userId={account._id} />
            <AccountOrders userId={account._id} />
            <HistoryPanel resourceType="account" resourceId={account._id} />
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
AccountSheet.displayName = 'AccountSheet';
