import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/types.ts';

type Db = Kysely<Database>;

/** What the Audit screen filters by, with the days already turned into instants (`before` excluded). */
export interface AuditRowFilter {
  actorId?: string | undefined;
  resourceType?: string | undefined;
  action?: string | undefined;
  resourceId?: string | undefined;
  since?: Date | undefined;
  before?: Date | undefined;
}

export type AuditLogRow = Awaited<ReturnType<ReturnType<typeof auditRowsQuery>['execute']>>[number];

const hasFilter = (filter: AuditRowFilter) => Object.values(filter).some((value) => value !== undefined);

function matching<Query extends SelectQueryBuilder<Database, 'audit_log', object>>(query: Query, filter: AuditRowFilter): Query {
  let q = query as SelectQueryBuilder<Database, 'audit_log', object>;
  if (filter.actorId) q = q.where('actor_id', '=', filter.actorId);
  if (filter.resourceType) q = q.where('resource_type', '=', filter.resourceType);
  if (filter.resourceId) q = q.where('resource_id', '=', filter.resourceId);
  if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.since) q = q.where('at', '>=', filter.since);
  if (filter.before) q = q.where('at', '<', filter.before);
  return q as Query;
}

/**
 * The entries the filters match, newest first. Each filter has an index that hands its rows over in
 * that order, so a page reads only its own rows: actor, action, resource type and id end in seq (the
 * order the changes committed in); a day range reads the time index (at, seq), newest time first.
 * Both orders agree but for changes committed in the same instant.
 */
export function auditRowsQuery(db: Db, filter: AuditRowFilter, direction: 'asc' | 'desc' = 'desc') {
  const query = matching(
    db
      .selectFrom('audit_log')
      .select(['seq', 'at', 'actor_id', 'actor_name', 'actor_roles', 'action', 'resource_type', 'resource_id', 'resource_title', 'changes', 'ip']),
    filter,
  );
  // Either way round: each index reads as well backwards (oldest first, `sort=at`).
  return filter.since || filter.before ? query.orderBy('at', direction).orderBy('seq', direction) : query.orderBy('seq', direction);
}

export function auditPage(db: Db, filter: AuditRowFilter, limit: number, offset: number, direction: 'asc' | 'desc' = 'desc'): Promise<AuditLogRow[]> {
  return auditRowsQuery(db, filter, direction).limit(limit).offset(offset).execute();
}

/**
 * How many entries match, counted up to `limit` (a count past it would read every match). With no
 * filter the chain's head holds the exact count: seq runs from 1 without gaps.
 */
export async function countAuditRows(db: Db, filter: AuditRowFilter, limit: number): Promise<{ total: number; atLeast: boolean }> {
  if (!hasFilter(filter)) {
    const head = await db.selectFrom('audit_chain_head').select('seq').executeTakeFirst();
    return { total: Number(head?.seq ?? 0), atLeast: false };
  }
  const capped = matching(db.selectFrom('audit_log').select(sql<number>`1`.as('one')), filter).limit(limit + 1);
  const row = await db
    .selectFrom(capped.as('matches'))
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  return total > limit ? { total: limit, atLeast: true } : { total, atLeast: false };
}

/** The accounts holding a console role, by name: whom the Audit screen filters by. */
export function staffAccounts(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'roles'])
    .where(sql<boolean>`roles && array['admin', 'staff', 'marketing', 'manager']::text[]`)
    .orderBy('name')
    .orderBy('id')
    .limit(1000)
    .execute();
}
