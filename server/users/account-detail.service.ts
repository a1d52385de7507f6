import type { AccountDetail, AccountStatus } from '../../shared/auth/accounts.schema.ts';
import { ACCOUNT_MESSAGES } from '../../shared/auth/accounts.schema.ts';
import type { RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { findAccountDetail, type AccountDetailRow } from './accounts.repository.ts';
import { requireAccountManager } from './account-manager.ts';

/** Disabled wins; an invited account that has not set a password yet is pending; the rest are active. */
function statusOf(row: Pick<AccountDetailRow, 'disabled_at' | 'password_hash' | 'google_subject' | 'was_invited'>): AccountStatus {
  if (row.disabled_at) return 'disabled';
  if (row.was_invited && row.password_hash === null && row.google_subject === null) return 'invited';
  return 'active';
}

export async function readAccountDetail(db: Db, userId: string): Promise<AccountDetail> {
  const row = await findAccountDetail(db, userId);
  if (!row) throw new AppError('not-found', ACCOUNT_MESSAGES.notFound);
  const status = statusOf(row);
  return {
    _id: row.id,
    name: row.name,
    emailAddress: row.email_address,
    phoneNumber: row.phone_number,
    phoneVerified: row.phone_verified_at !== null,
    roles: row.roles,
    status,
    version: row.access_version,
    createdAt: row.created_at.toISOString(),
    inviteExpiresAt: status === 'invited' && row.invite_expires_at ? new Date(row.invite_expires_at).toISOString() : null,
    lakshyaStudent: { onList: row.on_list, listedName: row.listed_name, expiryDate: row.listed_expiry, current: row.list_current },
  };
}

/** GET /api/admin/users/{id}: one account, for its details sheet. */
export async function getAccountDetail(ctx: RequestContext, input: { id: string }): Promise<AccountDetail> {
  await requireAccountManager(ctx);
  return readAccountDetail(ctx.db, input.id);
}
