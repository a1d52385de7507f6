import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { accountMobileSql } from '../lakshya-students/free-access.repository.ts';

/** Queries of a student's own profile and of the codes that verify a new phone number. */

export function profileRow(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email_address', 'phone_number', 'phone_verified_at', 'game_nickname'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function updateProfileFields(db: Db, userId: string, changes: { name?: string; game_nickname?: string | null }): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Another account already holds this number, verified. */
export async function numberVerifiedByAnother(db: Db, userId: string, mobile: string): Promise<boolean> {
  const other = await db
    .selectFrom('users as u')
    .select('u.id')
    .where(accountMobileSql('u'), '=', mobile)
    .where('u.phone_verified_at', 'is not', null)
    .where('u.id', '!=', userId)
    .executeTakeFirst();
  return other !== undefined;
}

/** Seconds since the account's latest phone code was asked for (undefined: never). */
export async function latestPhoneCodeAgeSeconds(trx: Db, userId: string): Promise<number | undefined> {
  const latest = await trx
    .selectFrom('phone_verifications')
    .select(sql<number>`extract(epoch from (now() - created_at))`.as('age_seconds'))
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest?.age_seconds;
}

/** Uses up the account's phone codes not used yet. */
export async function consumeOpenPhoneCodes(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('phone_verifications')
    .set({ consumed_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
}

/** A new code for a number, valid for `ttlMinutes`, its hash set afterwards (it is bound to the row's id). */
export async function insertPhoneCode(trx: Db, userId: string, phoneNumber: string, ttlMinutes: number): Promise<string> {
  const { id } = await trx
    .insertInto('phone_verifications')
    .values({ user_id: userId, phone_number: phoneNumber, code_hash: '', expires_at: sql`now() + make_interval(mins => ${ttlMinutes})` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setPhoneCodeHash(trx: Db, id: string, codeHash: string): Promise<void> {
  await trx.updateTable('phone_verifications').set({ code_hash: codeHash }).where('id', '=', id).execute();
}

/** The latest code of the account for this number not used yet, locked, with whether it expired. */
export function lockOpenPhoneCode(trx: Db, userId: string, phoneNumber: string) {
  return trx
    .selectFrom('phone_verifications')
    .select(['id', 'wrong_attempts', 'code_hash'])
    .select(sql<boolean>`expires_at <= now()`.as('expired'))
    .where('user_id', '=', userId)
    .where('phone_number', '=', phoneNumber)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .forUpdate()
    .executeTakeFirst();
}

export async function setPhoneCodeWrongAttempts(trx: Db, id: string, attempts: number): Promise<void> {
  await trx.updateTable('phone_verifications').set({ wrong_attempts: attempts }).where('id', '=', id).execute();
}

export async function consumePhoneCode(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('phone_verifications')
    .set({ consumed_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Stores the number as the account's verified number. */
export async function setVerifiedPhone(trx: Db, userId: string, phoneNumber: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ phone_number: phoneNumber, phone_verified_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}
