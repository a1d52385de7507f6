import { createHash } from 'node:crypto';
import type { AuditChanges } from '../../shared/audit/audit-changes.rules.ts';
import { canonicalJson } from '../../shared/audit/canonical-json.ts';

/** The `prev_hash` of the first entry. */
export const GENESIS_HASH: Buffer = Buffer.alloc(32);

/** What an entry's hash covers: everything it says, and where it stands in the chain. */
export interface ChainedEntry {
  seq: number;
  at: Date;
  actorId: string | null;
  actorName: string;
  actorRoles: readonly string[];
  action: string;
  resourceType: string;
  resourceId: string | null;
  resourceTitle: string | null;
  changes: AuditChanges;
  ip: string | null;
}

/** The canonical JSON of what an entry says (everything but its place in the chain). */
export function entryContent(entry: Omit<ChainedEntry, 'seq'>): string {
  return canonicalJson([
    entry.at.toISOString(),
    entry.actorId,
    entry.actorName,
    [...entry.actorRoles],
    entry.action,
    entry.resourceType,
    entry.resourceId,
    entry.resourceTitle,
    entry.changes,
    entry.ip,
  ]);
}

/** The first line of every hashed text: names this way of hashing, should it ever change. */
export const HASH_TAG = 'psc-audit-v1';

/**
 * SHA-256 over the lines: a version tag, the previous entry's hash (hex), the entry's seq, and its
 * content (entryContent). Editing any field, removing an entry or moving one changes a hash that the
 * next entry (or the chain's head) holds, which `npm run audit:verify` finds. The writer computes the
 * same in SQL (audit-chain.repository.ts), so that an entry costs one statement.
 */
export function entryHash(prevHash: Buffer, entry: ChainedEntry): Buffer {
  return createHash('sha256')
    .update(`${HASH_TAG}\n${prevHash.toString('hex')}\n${entry.seq}\n${entryContent(entry)}`)
    .digest();
}

/** An audit_log row as read back, in the shape its hash covers. */
export interface StoredEntryRow {
  seq: number | string;
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
}

export function chainedEntryOf(row: StoredEntryRow): ChainedEntry {
  return {
    seq: Number(row.seq),
    at: row.at,
    actorId: row.actor_id,
    actorName: row.actor_name,
    actorRoles: row.actor_roles,
    action: row.action,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    resourceTitle: row.resource_title,
    changes: row.changes,
    ip: row.ip,
  };
}
