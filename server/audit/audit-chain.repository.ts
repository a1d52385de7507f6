import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { entryContent, HASH_TAG, type ChainedEntry, type StoredEntryRow } from './audit-chain.ts';

/**
 * Appends one entry after the chain's head, in one statement: it locks the head (until the
 * transaction ends), takes the next seq, hashes the entry with the head's hash as entryHash does, and
 * moves the head to it.
 */
export async function appendEntry(trx: Transaction<Database>, entry: Omit<ChainedEntry, 'seq'>): Promise<void> {
  await sql`with head as (
      select seq, hash from audit_chain_head for update
    ), next as (
      select seq + 1 as seq, hash as prev_hash,
        sha256(convert_to(${HASH_TAG} || chr(10) || encode(hash, 'hex') || chr(10) || (seq + 1)::text || chr(10) || ${entryContent(entry)}::text, 'UTF8')) as hash
      from head
    ), added as (
      insert into audit_log (seq, at, actor_id, actor_name, actor_roles, action, resource_type, resource_id, resource_title, changes, ip, prev_hash, hash)
      select next.seq, ${entry.at}, ${entry.actorId}, ${entry.actorName}, ${[...entry.actorRoles]}::text[], ${entry.action}, ${entry.resourceType},
        ${entry.resourceId}, ${entry.resourceTitle}, ${JSON.stringify(entry.changes)}::jsonb, ${entry.ip}, next.prev_hash, next.hash
      from next
    )
    update audit_chain_head set seq = next.seq, hash = next.hash from next`.execute(trx);
}

export type StoredChainRow = StoredEntryRow & { prev_hash: Buffer; hash: Buffer };

/** Up to `limit` entries from seq `from` on, in seq order, as stored (for checking the chain). */
export async function chainEntriesFrom(db: Kysely<Database>, from: number, limit: number): Promise<StoredChainRow[]> {
  const { rows } = await sql<StoredChainRow>`select seq, at, actor_id, actor_name, actor_roles, action, resource_type, resource_id,
      resource_title, changes, ip, prev_hash, hash
    from audit_log where seq >= ${from} order by seq limit ${limit}`.execute(db);
  return rows;
}

/** The chain's head as stored (undefined: its row is gone). */
export async function chainHead(db: Kysely<Database>): Promise<{ seq: number; hash: Buffer } | undefined> {
  const { rows } = await sql<{ seq: string; hash: Buffer }>`select seq, hash from audit_chain_head`.execute(db);
  return rows[0] && { seq: Number(rows[0].seq), hash: rows[0].hash };
}
