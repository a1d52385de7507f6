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

/**
 * SHA-256 over a version tag, the previous entry's hash and the entry's content as canonical JSON.
 * Editing any field, removing an entry or moving one changes a hash that the next entry (or the
 * chain's head) holds, which `npm run audit:verify` finds.
 */
export function entryHash(prevHash: Buffer, entry: ChainedEntry): Buffer {
  const content = canonicalJson([
    entry.seq,
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
  return createHash('sha256').update('psc-audit-v1\n').update(prevHash.toString('hex')).update('\n').update(content).digest();
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
