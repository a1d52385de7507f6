import type { Transaction } from 'kysely';
import type { AuditChanges } from '../../shared/audit/audit-changes.rules.ts';
import { storableText } from '../../shared/audit/audit-changes.rules.ts';
import { AUDIT_TITLE_LIMIT, type AuditAction, type AuditResourceType } from '../../shared/audit/audit.constants.ts';
import type { Actor } from '../access/actor.ts';
import type { RequestContext } from '../context.ts';
import type { Database } from '../db/types.ts';
import { appendEntry } from './audit-chain.repository.ts';

/** Who made a change: the signed-in staff member (null: the product itself) and where from. */
export interface AuditBy {
  actor: Pick<Actor, 'id' | 'name' | 'roles'> | null;
  ip: string | null;
}

/** One change to one record. `changes` comes from changedFields (shared/audit/audit-changes.rules.ts). */
export interface AuditRecord {
  action: AuditAction;
  resourceType: AuditResourceType;
  resourceId: string | null;
  title: string | null;
  changes?: AuditChanges;
}

/** The request's staff member and address, read before the change's transaction starts. */
export async function auditBy(ctx: Pick<RequestContext, 'actor' | 'ip'>): Promise<AuditBy> {
  const actor = await ctx.actor();
  return { actor: actor && { id: actor.id, name: actor.name, roles: actor.roles }, ip: ctx.ip || null };
}

const cutTitle = (title: string | null) => {
  if (title === null) return null;
  const clean = storableText(title);
  return clean.length > AUDIT_TITLE_LIMIT ? `${clean.slice(0, AUDIT_TITLE_LIMIT)}…` : clean;
};

/**
 * Appends entries for a change, inside the change's own transaction: they commit with it or not at
 * all. It locks the chain's head until that transaction ends, so call it last in the transaction,
 * after the change's own statements (a writer waiting on the head then holds no other row).
 */
export async function recordAudit(trx: Transaction<Database>, by: AuditBy, records: AuditRecord | readonly AuditRecord[]): Promise<void> {
  const list = Array.isArray(records) ? records : [records as AuditRecord];
  if (list.length === 0) return;
  const at = new Date();
  // One statement each, in order: a change records one entry but for rare cases (a refund and its delete).
  for (const record of list) {
    await appendEntry(trx, {
      at,
      actorId: by.actor?.id ?? null,
      actorName: by.actor ? storableText(by.actor.name) : 'System',
      actorRoles: by.actor?.roles ?? [],
      action: record.action,
      resourceType: record.resourceType,
      resourceId: record.resourceId,
      resourceTitle: cutTitle(record.title),
      changes: record.changes ?? {},
      ip: by.ip,
    });
  }
}
