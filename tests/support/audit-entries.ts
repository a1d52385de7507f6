import { sql } from 'kysely';
import type { AuditChanges } from '../../shared/audit/audit-changes.rules.ts';
import { chainedEntryOf, entryHash, GENESIS_HASH } from '../../server/audit/audit-chain.ts';
import type { TestDatabase } from './test-database.ts';

export interface AuditEntryRow {
  seq: number;
  at: Date;
  actor_id: string | null;
  actor_name: string;
  actor_roles: string[];
  action: string;
  resource_type: string;
  resource_id: string | null;
  resource_title: string | null;
  changes: AuditChanges;
  ip: string | null;
  prev_hash: Buffer;
  hash: Buffer;
}

/** The audit log's entries after `afterSeq`, oldest first, optionally of one resource type. */
export async function auditEntries(db: TestDatabase['db'], filter: { afterSeq?: number; resourceType?: string } = {}): Promise<AuditEntryRow[]> {
  const { rows } = await sql<AuditEntryRow>`select * from audit_log
    where seq > ${filter.afterSeq ?? 0} and (${filter.resourceType ?? null}::text is null or resource_type = ${filter.resourceType ?? null})
    order by seq`.execute(db);
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** The last seq written so far: take it before a change, then read `auditEntries(db, { afterSeq })`. */
export async function lastAuditSeq(db: TestDatabase['db']): Promise<number> {
  const { rows } = await sql<{ seq: string }>`select seq from audit_chain_head`.execute(db);
  return Number(rows[0]!.seq);
}

/** Throws unless the whole log is one unbroken chain (each hash recomputed from its row). */
export async function expectUnbrokenChain(db: TestDatabase['db']): Promise<void> {
  let prev: Buffer = GENESIS_HASH;
  let expected = 1;
  for (const row of await auditEntries(db)) {
    if (row.seq !== expected || !row.prev_hash.equals(prev) || !row.hash.equals(entryHash(prev, chainedEntryOf(row)))) {
      throw new Error(`The audit chain breaks at entry ${row.seq}`);
    }
    prev = row.hash;
    expected += 1;
  }
}
