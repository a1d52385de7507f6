import type { z } from 'zod';
import { ACCOUNT_MESSAGES, type AccountDetail, type accountDisabledInputSchema, type accountRolesInputSchema } from '../../shared/auth/accounts.schema.ts';
import { isAdministrator } from '../../shared/auth/roles.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { auditBy, recordAudit, type AuditBy } from '../audit/audit-writer.ts';
import type { RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/types.ts';
import { accountTitle } from '../auth/account-title.ts';
import { endAllSessions } from '../auth/auth.repository.ts';
import { AppError } from '../errors.ts';
import { consumeOpenInvites } from '../auth/invites.repository.ts';
import { consumeOpenRecoveryCodes, countOtherEnabledAdministrators, lockAccount, updateAccountAccess } from './accounts.repository.ts';
import { readAccountDetail } from './account-detail.service.ts';
import { requireAccountManager } from './account-manager.ts';
import { lockFirstAdministrator } from './users.repository.ts';

const isEnabledAdministrator = (account: Pick<UserRow, 'roles' | 'disabled_at'>) => isAdministrator(account.roles) && account.disabled_at === null;

/**
 * Refuses a change that would leave no enabled administrator: `account` is one and would no longer
 * be one `after` the change while no other enabled account holds the role. Call it inside a
 * transaction that holds the first-administrator lock, with `account` read after taking it.
 */
export async function refuseRemovingLastAdministrator(
  trx: Db,
  account: Pick<UserRow, 'id' | 'roles' | 'disabled_at'>,
  after: Pick<UserRow, 'roles' | 'disabled_at'>,
  field: 'roles' | 'disabled',
): Promise<void> {
  if (isEnabledAdministrator(account) && !isEnabledAdministrator(after) && (await countOtherEnabledAdministrators(trx, account.id)) === 0) {
    throw new AppError('conflict', ACCOUNT_MESSAGES.lastAdministrator, { field });
  }
}

/**
 * One change of an account's roles or access, under the one lock that every change of who is an
 * administrator takes (the first-administrator lock): two administrators demoting or disabling
 * each other at the same moment take turns, and the second finds the first's change and is
 * refused if it would leave no enabled administrator. The account's version must be the one the
 * administrator saw, so a change from an older copy (another tab) is refused, not applied over.
 */
async function changeAccess(db: Db, by: AuditBy, change: { id: string; version: number; roles?: string[]; disabled?: boolean }): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    await lockFirstAdministrator(trx);
    // Read after the lock, in a new statement: this sees every change committed before it.
    const account = await lockAccount(trx, change.id);
    if (!account) throw new AppError('not-found', ACCOUNT_MESSAGES.notFound);
    const staleCopy = () => new AppError('conflict', ACCOUNT_MESSAGES.stale(account.name.trim() || account.email_address || 'This account'));
    if (account.access_version !== change.version) throw staleCopy();
    const after = {
      roles: change.roles ?? account.roles,
      disabled_at: change.disabled === undefined ? account.disabled_at : change.disabled ? new Date() : null,
    };
    await refuseRemovingLastAdministrator(trx, account, after, change.roles ? 'roles' : 'disabled');
    const updated = await updateAccountAccess(trx, {
      userId: account.id,
      version: change.version,
      ...(change.roles ? { roles: change.roles } : {}),
      ...(change.disabled === undefined ? {} : { disabled: change.disabled }),
    });
    if (!updated) throw staleCopy();
    // Disabling ends every session at once (the next request of any of them answers 401), and the
    // recovery codes and invitation links already sent stop working.
    if (change.disabled === true && account.disabled_at === null) {
      await endAllSessions(trx, account.id);
      await consumeOpenRecoveryCodes(trx, account.id);
      await consumeOpenInvites(trx, account.id);
    }
    const changes = changedFields(
      { roles: [...account.roles].sort(), disabled: account.disabled_at !== null },
      { roles: [...updated.roles].sort(), disabled: updated.disabled_at !== null },
    );
    if (Object.keys(changes).length > 0) {
      await recordAudit(trx, by, {
        action: change.roles ? 'role-change' : change.disabled ? 'disable' : 'enable',
        resourceType: 'account',
        resourceId: account.id,
        title: accountTitle(account),
        changes,
      });
    }
    return updated;
  });
}

/** PUT /api/admin/users/{id}/roles: the whole list of roles the account holds from now on. */
export async function setAccountRoles(ctx: RequestContext, input: z.output<typeof accountRolesInputSchema>): Promise<AccountDetail> {
  await requireAccountManager(ctx);
  await changeAccess(ctx.db, await auditBy(ctx), { id: input.id, version: input.version, roles: input.roles });
  ctx.log.info({ accountId: input.id, roles: input.roles }, 'account roles changed');
  return readAccountDetail(ctx.db, input.id);
}

/** PUT /api/admin/users/{id}/disabled: disable (every session ends, sign-in and recovery refused) or enable again. */
export async function setAccountDisabled(ctx: RequestContext, input: z.output<typeof accountDisabledInputSchema>): Promise<AccountDetail> {
  const actor = await requireAccountManager(ctx);
  if (input.disabled && input.id === actor.id) throw new AppError('validation', ACCOUNT_MESSAGES.cannotDisableSelf, { field: 'disabled' });
  await changeAccess(ctx.db, await auditBy(ctx), { id: input.id, version: input.version, disabled: input.disabled });
  ctx.log.info({ accountId: input.id, disabled: input.disabled }, input.disabled ? 'account disabled' : 'account enabled');
  return readAccountDetail(ctx.db, input.id);
}
