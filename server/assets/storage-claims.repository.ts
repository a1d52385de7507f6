import type { Db } from '../db/database.ts';

/**
 * How long a claim protects its key. An upload that has not recorded its file after this long
 * died with its process (no request runs for a day); its claim is dropped and the file goes the
 * way of every unrecorded file.
 */
export const CLAIM_LIFETIME_MS = 24 * 60 * 60_000;

/** Marks a key as being written by an upload, before the first byte is. */
export async function claimStorageKey(db: Db, key: string): Promise<void> {
  await db
    .insertInto('storage_claims')
    .values({ storage_key: key })
    .onConflict((oc) => oc.column('storage_key').doNothing())
    .execute();
}

/** Lets the keys go: in the transaction that records their files, or once they are deleted. */
export async function releaseStorageKeys(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .deleteFrom('storage_claims')
    .where('storage_key', 'in', [...keys])
    .execute();
}

/** The keys among `keys` that an upload still claims. */
export async function claimedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('storage_claims')
    .select('storage_key')
    .where('storage_key', 'in', [...keys])
    .execute();
  return new Set(rows.map((row) => row.storage_key));
}

/** Drops the claims of uploads that died; answers how many. */
export async function dropExpiredClaims(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('storage_claims')
    .where('claimed_at', '<', new Date(now.getTime() - CLAIM_LIFETIME_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
