import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { stampNow } from '../db/stamp-now.ts';

/**
 * Queries of staff invitations as a link is followed and used (sending them is the users domain's
 * work, which imports these); each runs on the connection it is given.
 */

/** Uses up every invitation of the account that is still open: only the newest link works. */
export async function consumeOpenInvites(db: Db, userId: string): Promise<void> {
  await stampNow(db, 'account_invites', 'consumed_at', { user_id: userId, consumed_at: null });
}

export interface InviteRow {
  id: string;
  user_id: string;
  consumed_at: Date | null;
  expired: boolean;
  name: string;
  email_address: string | null;
  disabled_at: Date | null;
}

function inviteByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('account_invites as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.user_id', 'i.consumed_at', 'u.name', 'u.email_address', 'u.disabled_at'])
    .select(sql<boolean>`i.expires_at <= now()`.as('expired'))
    .where('i.token_hash', '=', tokenHash);
}

export function findInvite(db: Db, tokenHash: string): Promise<InviteRow | undefined> {
  return inviteByHash(db, tokenHash).executeTakeFirst();
}

/** The invitation, locked (with its account) until the transaction ends: two uses of one link take turns. */
export function lockInvite(trx: Db, tokenHash: string): Promise<InviteRow | undefined> {
  return inviteByHash(trx, tokenHash).forUpdate().executeTakeFirst();
}

export async function markInviteUsed(trx: Db, inviteId: string): Promise<void> {
  await stampNow(trx, 'account_invites', 'consumed_at', { id: inviteId });
}

/** Sets the first password and ends any session the account might have (it should have none). */
export async function setInitialPassword(trx: Db, userId: string, passwordHash: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, session_version: sql<number>`session_version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}
