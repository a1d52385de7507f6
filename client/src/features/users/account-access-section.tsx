import { useEffect, useState } from 'react';
import type { AccountDetail } from '../../../../shared/auth/accounts.schema.ts';
import type { GrantableRole } from '../../../../shared/auth/roles.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { toastSuccess } from '../../components/toasts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatIndiaTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { RoleCheckboxes } from './role-checkboxes.tsx';

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((role) => b.includes(role));
const nameOf = (account: AccountDetail) => account.name.trim() || account.emailAddress || 'This account';

/**
 * Roles, disabling and the invitation of one account. Every change sends the version the sheet
 * loaded: a change made meanwhile in another tab or by another administrator is refused, with a
 * Reload that shows it, instead of being overwritten.
 */
export function AccountAccessSection({ account, isSelf, onReload }: { account: AccountDetail; isSelf: boolean; onReload: () => void }) {
  const utils = api.useUtils();
  const [roles, setRoles] = useState<string[]>(account.roles);
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    setRoles(account.roles);
    setFailure(null);
  }, [account._id, account.version, account.roles]);

  const applied = (next: AccountDetail, title: string) => {
    utils.users.detail.setData({ id: next._id }, next);
    void utils.users.list.invalidate();
    void utils.lectures.educators.invalidate();
    toastSuccess(title);
  };
  const setRolesMutation = api.users.setRoles.useMutation({
    onSuccess: (next) => applied(next, `Roles of ${nameOf(next)} saved`),
    onError: (error) => setFailure(failureNotice('Saving Roles Failed', error)),
  });
  const resend = api.users.resendInvite.useMutation({
    onSuccess: (next) => applied(next, `A new invitation was sent to ${next.emailAddress ?? ''}`),
    onError: (error) => setFailure(failureNotice('Sending the Invitation Failed', error)),
  });
  const setDisabled = api.users.setDisabled.useMutation({
    onSuccess: (next) => applied(next, next.status === 'disabled' ? `${nameOf(next)} is disabled` : `${nameOf(next)} is enabled`),
  });

  const disabled = account.status === 'disabled';
  const busy = setRolesMutation.isPending || resend.isPending || setDisabled.isPending;
  return (
    <section aria-labelledby="account-access-title" className="grid gap-3">
      <h3 id="account-access-title" className="text-base font-semibold">
        Roles and access
      </h3>
      {failure && (
        <div className="grid gap-2">
          <ErrorAlert title={failure.title} message={failure.message} />
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                // Back to what is stored: the refused change is dropped, and the newest copy loads.
                setRoles(account.roles);
                setFailure(null);
                onReload();
              }}
            >
              Reload
            </Button>
          </div>
        </div>
      )}
      <fieldset className="grid gap-2" disabled={busy}>
        <legend className="sr-only">Roles</legend>
        <RoleCheckboxes idPrefix="account-role" value={roles} onChange={(next: GrantableRole[]) => setRoles(next)} disabled={busy} />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={busy || sameRoles(roles, account.roles)}
          onClick={() => {
            setFailure(null);
            setRolesMutation.mutate({ id: account._id, roles: roles as GrantableRole[], version: account.version });
          }}
        >
          {setRolesMutation.isPending && <Spinner size="sm" className="text-current" label="" />}
          {setRolesMutation.isPending ? 'Saving...' : 'Save Roles'}
        </Button>
        {account.status === 'invited' && (
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              setFailure(null);
              resend.mutate({ id: account._id });
            }}
          >
            {resend.isPending ? 'Sending...' : 'Resend Invitation'}
          </Button>
        )}
        {!(isSelf && !disabled) && (
          <Button
            variant={disabled ? 'outline' : 'destructive'}
            disabled={busy}
            onClick={() => {
              setFailure(null);
              setConfirming(true);
            }}
          >
            {disabled ? 'Enable Account' : 'Disable Account'}
          </Button>
        )}
      </div>
      {account.status === 'invited' && (
        <p className="text-sm text-muted-foreground">
          {account.inviteExpiresAt
            ? `Invitation pending: its link works until ${formatIndiaTime(account.inviteExpiresAt)}.`
            : 'The invitation has expired: resend it for a new link.'}
        </p>
      )}
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title={disabled ? 'Enable Account' : 'Disable Account'}
        text={
          disabled
            ? `${nameOf(account)} will be able to sign in again with their password.`
            : `${nameOf(account)} is signed out everywhere at once, and cannot sign in or recover the password until an administrator enables the account again.`
        }
        confirmLabel={disabled ? 'Enable' : 'Disable'}
        busyLabel={disabled ? 'Enabling...' : 'Disabling...'}
        errorTitle={disabled ? 'Enabling Failed' : 'Disabling Failed'}
        destructive={!disabled}
        onConfirm={async () => {
          await setDisabled.mutateAsync({ id: account._id, disabled: !disabled, version: account.version });
          setConfirming(false);
        }}
      />
    </section>
  );
}
AccountAccessSection.displayName = 'AccountAccessSection';
