import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { stampNow } from '../db/stamp-now.ts';
import type { UserRow } from '../db/types.ts';
import { accountMobileSql } from '../lakshya-students/free-access.repository.ts';

/** Queries behind inviting staff and changing an account's roles or access; each runs on the connection it is given. */

/** The account, locked until the transaction ends: every change of its roles or access takes this lock first. */
export function lockAccount(trx: Db, userId: string): Promise<UserRow | undefined> {
  return trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** Enabled accounts holding the admin role, besides the one given. */
export async function countOtherEnabledAdministrators(trx: Db, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`roles @> array['admin']::text[]`)
    .where('disabled_at', 'is', null)
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Changes roles and/or the disabled state, only if the account is still at the version the
 * administrator saw; answers the changed row, or undefined when it moved on in the meantime.
 */
export function updateAccountAccess(trx: Db, change: { userId: string; version: number; roles?: string[]; disabled?: boolean }): Promise<UserRow | undefined> {
  return trx
    .updateTable('users')
    .set({
      ...(change.roles ? { roles: change.roles } : {}),
      ...(change.disabled === undefined ? {} : { disabled_at: change.disabled ? sql<Date>`coalesce(disabled_at, now())` : null }),
      access_version: sql<number>`access_version + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', change.userId)
    .where('access_version', '=', change.version)
    .returningAll()
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, emailAddress: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_address', '=', emailAddress.toLowerCase()).executeTakeFirst();
}

/** A staff account that cannot sign in until its owner sets a password through the invitation. */
export function insertInvitedUser(db: Db, user: { name: string; emailAddress: string; roles: string[] }): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ name: user.name, email_address: user.emailAddress, password_hash: null, roles: user.roles })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Uses up the account's recovery codes not used yet: a disabled account cannot finish a recovery begun before. */
export async function consumeOpenRecoveryCodes(db: Db, userId: string): Promise<void> {
  await stampNow(db, 'recovery_tokens', 'consumed_at', { user_id: userId, consumed_at: null });
}

export async function insertInvite(db: Db, invite: { userId: string; tokenHash: string; invitedBy: string; ttlHours: number }): Promise<Date> {
  const row = await db
    .insertInto('account_invites')
    .values({
      user_id: invite.userId,
      token_hash: invite.tokenHash,
      invited_by: invite.invitedBy,
      expires_at: sql<Date>`now() + make_interval(hours => ${invite.ttlHours})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/** Seconds since the account's newest invitation was made, or undefined when it has none. */
export async function latestInviteAgeSeconds(db: Db, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('account_invites')
    .select(sql<number>`extract(epoch from (now() - created_at))`.as('age'))
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.age) : undefined;
}

/**
 * Removes invitations used or expired more than `keepDays` ago, and returns how many. The newest
 * invitation of an account that still cannot sign in (no password, no Google account) stays, so
 * that inviting that address again is still answered "invitation pending" (see wasInvited).
 */
export async function deleteOldInvites(db: Db, keepDays: number): Promise<number> {
  const result = await db
    .deleteFrom('account_invites as i')
    // least() passes over a null: an unused invitation counts from its expiry.
    .where(sql<Date>`least(i.consumed_at, i.expires_at)`, '<', sql<Date>`now() - make_interval(days => ${keepDays})`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('users as u')
            .select('u.id')
            .whereRef('u.id', '=', 'i.user_id')
            .where('u.password_hash', 'is', null)
            .where('u.google_subject', 'is', null)
            .where((inner) =>
              inner.not(
                inner.exists(
                  inner
                    .selectFrom('account_invites as newer')
                    .select('newer.id')
                    .whereRef('newer.user_id', '=', 'i.user_id')
                    .whereRef('newer.created_at', '>', 'i.created_at'),
                ),
              ),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether the account was ever invited (its invitation may since have expired). */
export async function wasInvited(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('account_invites').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface AccountDetailRow {
  id: string;
  name: string;
  email_address: string | null;
  phone_number: string | null;
  phone_verified_at: Date | null;
  roles: string[];
  disabled_at: Date | null;
  password_hash: string | null;
  google_subject: string | null;
  access_version: number;
  created_at: Date;
  invite_expires_at: Date | null;
  was_invited: boolean;
  listed_name: string | null;
  listed_expiry: string | null;
  on_list: boolean;
  list_current: boolean;
}

/** One account with its open invitation and its place on the lakshya-students list. */
export async function findAccountDetail(db: Db, userId: string): Promise<AccountDetailRow | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('lakshya_students as ls', (join) => join.on(sql<boolean>`ls.phone_number = ${accountMobileSql('u')}`))
    .select([
      'u.id',
      'u.name',
      'u.email_address',
      'u.phone_number',
      'u.phone_verified_at',
      'u.roles',
      'u.disabled_at',
      'u.password_hash',
      'u.google_subject',
      'u.access_version',
      'u.created_at',
      'ls.name as listed_name',
    ])
    .select(sql<string | null>`to_char(ls.expiry_date, 'YYYY-MM-DD')`.as('listed_expiry'))
    .select(sql<boolean>`ls.id is not null`.as('on_list'))
    .select(
      sql<boolean>`(ls.id is not null and u.phone_verified_at is not null and (ls.expiry_date is null or ls.expiry_date >= (now() at time zone 'Asia/Kolkata')::date))`.as(
        'list_current',
      ),
    )
    .select(
      sql<Date | null>`(select max(i.expires_at) from account_invites i where i.user_id = u.id and i.consumed_at is null and i.expires_at > now())`.as(
        'invite_expires_at',
      ),
    )
    .select(sql<boolean>`exists (select 1 from account_invites i where i.user_id = u.id)`.as('was_invited'))
    .where('u.id', '=', userId)
    .executeTakeFirst();
}
