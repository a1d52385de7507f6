import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { stampNow } from '../db/stamp-now.ts';

/** Queries of account-recovery codes; each runs on the connection (or transaction) it is given. */

/** Locks the account's row until the transaction ends: one code request of an account at a time. */
export async function lockAccountForCodes(trx: Db, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/** Seconds since the account's latest code was asked for from this address (undefined: never). */
export async function latestCodeAgeSeconds(trx: Db, userId: string, requestedFrom: string): Promise<number | undefined> {
  const latest = await trx
    .selectFrom('recovery_tokens')
    .select(sql<number>`extract(epoch from (now() - created_at))`.as('age_seconds'))
    .where('user_id', '=', userId)
    .where('requested_from', '=', requestedFrom)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest?.age_seconds;
}

/** Uses up the account's codes asked for from this address and not used yet. */
export async function consumeCodesFrom(trx: Db, userId: string, requestedFrom: string): Promise<void> {
  await stampNow(trx, 'recovery_tokens', 'consumed_at', { user_id: userId, requested_from: requestedFrom, consumed_at: null });
}

export async function insertRecoveryToken(
  trx: Db,
  token: { userId: string; tokenHash: string; codeHash: string; channel: 'email' | 'phone'; requestedFrom: string; ttlMinutes: number },
): Promise<void> {
  await trx
    .insertInto('recovery_tokens')
    .values({
      user_id: token.userId,
      token_hash: token.tokenHash,
      code_hash: token.codeHash,
      channel: token.channel,
      requested_from: token.requestedFrom,
      expires_at: sql`now() + make_interval(mins => ${token.ttlMinutes})`,
    })
    .execute();
}

/** The token of this hash, locked, with whether it expired. */
export function lockRecoveryToken(trx: Db, tokenHash: string) {
  return trx
    .selectFrom('recovery_tokens')
    .select(['id', 'user_id', 'code_hash', 'wrong_attempts', 'consumed_at'])
    .select(sql<boolean>`expires_at <= now()`.as('expired'))
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function setWrongAttempts(trx: Db, tokenId: string, attempts: number): Promise<void> {
  await trx.updateTable('recovery_tokens').set({ wrong_attempts: attempts }).where('id', '=', tokenId).execute();
}

export async function markTokenVerified(db: Db, tokenId: string): Promise<void> {
  await stampNow(db, 'recovery_tokens', 'verified_at', { id: tokenId });
}

/** Uses up the token unless it was used up already (then undefined). */
export function consumeToken(trx: Db, tokenId: string) {
  return trx
    .updateTable('recovery_tokens')
    .set({ consumed_at: sql`now()` })
    .where('id', '=', tokenId)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** Removes recovery codes asked for over a day ago (none is valid that long); how many went. */
export async function deleteOldRecoveryCodes(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('recovery_tokens')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
