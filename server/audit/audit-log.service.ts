import type { SortParam } from '../../shared/validation/sorting.ts';
import type { AuditSortColumn } from '../../shared/audit/audit-log.schema.ts';
import type { z } from 'zod';
import { AUDIT_RESOURCE_SCREENS } from '../../shared/audit/audit-resource-screens.ts';
import {
  AUDIT_COUNT_LIMIT,
  type AuditEntry,
  type auditFilterSchema,
  type auditHistoryQuerySchema,
  type auditListQuerySchema,
  type AuditPage,
} from '../../shared/audit/audit-log.schema.ts';
import type { AuditAction, AuditResourceType } from '../../shared/audit/audit.constants.ts';
import { requireScreen } from '../access/access.ts';
import type { RequestContext } from '../context.ts';
import * as repo from './audit-log.repository.ts';

const INDIA_OFFSET = '+05:30';
const DAY_MS = 86_400_000;

/** The instants of the filter's India days: from the start of `from` to the start of the day after `to`. */
export function rowFilterOf(filter: Omit<z.output<typeof auditFilterSchema>, 'sort'>): repo.AuditRowFilter {
  return {
    actorId: filter.actorId,
    resourceType: filter.resourceType,
    action: filter.action,
    resourceId: filter.resourceId,
    since: filter.from ? new Date(`${filter.from}T00:00:00${INDIA_OFFSET}`) : undefined,
    before: filter.to ? new Date(new Date(`${filter.to}T00:00:00${INDIA_OFFSET}`).getTime() + DAY_MS) : undefined,
  };
}

export function auditEntryOf(row: repo.AuditLogRow): AuditEntry {
  return {
    seq: Number(row.seq),
    at: row.at.toISOString(),
    actor: { id: row.actor_id, name: row.actor_name, roles: row.actor_roles },
    action: row.action as AuditAction,
    resourceType: row.resource_type as AuditResourceType,
    resourceId: row.resource_id,
    resourceTitle: row.resource_title,
    changes: row.changes,
    ip: row.ip,
  };
}

async function pageOf(
  ctx: RequestContext,
  filter: repo.AuditRowFilter,
  page: number,
  pageSize: number,
  direction: 'asc' | 'desc' = 'desc',
): Promise<AuditPage> {
  const [rows, count] = await Promise.all([
    repo.auditPage(ctx.db, filter, pageSize, (page - 1) * pageSize, direction),
    repo.countAuditRows(ctx.db, filter, AUDIT_COUNT_LIMIT),
  ]);
  return { entries: rows.map(auditEntryOf), total: count.total, totalIsAtLeast: count.atLeast, page, pageSize };
}

type AuditSortParam = SortParam<AuditSortColumn>;

/** The direction of the log's order: newest first unless `sort=at` asks for the oldest first. */
export const auditDirectionOf = (sort: AuditSortParam) => (sort === 'at' ? 'asc' : 'desc');

/** GET /api/admin/audit: a page of the whole log, newest first or oldest first (the Audit screen's roles are checked by its domain). */
export function auditList(ctx: RequestContext, query: z.output<typeof auditListQuerySchema>): Promise<AuditPage> {
  return pageOf(ctx, rowFilterOf(query), query.page, query.pageSize, auditDirectionOf(query.sort));
}

/**
 * GET /api/admin/audit/history: one record's entries, newest first, for whoever may open the
 * screen that edits that kind of record (checked before anything is read).
 */
export async function auditHistory(ctx: RequestContext, query: z.output<typeof auditHistoryQuerySchema>): Promise<AuditPage> {
  await requireScreen(ctx, AUDIT_RESOURCE_SCREENS[query.resourceType]);
  return pageOf(ctx, { resourceType: query.resourceType, resourceId: query.resourceId }, query.page, query.pageSize);
}

/** The staff accounts the Audit screen's person filter offers. */
export async function auditPeople(ctx: RequestContext) {
  return { people: await repo.staffAccounts(ctx.db) };
}
