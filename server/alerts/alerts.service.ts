import type { z } from 'zod';
import type { AlertsPage, alertsQuerySchema } from '../../shared/alerts/alerts.schema.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import * as repo from './alerts.repository.ts';

/** Writes an alert for staff (on the connection given: inside the transaction of what it is about). */
export async function raiseAlert(db: Db, alert: { message: string; resourceType?: string; resourceId?: string }): Promise<void> {
  await repo.insertAlert(db, { message: alert.message.slice(0, 1000), resourceType: alert.resourceType ?? null, resourceId: alert.resourceId ?? null });
}

/** GET /api/admin/notifications: the alerts, in the order asked for (newest first unless told), a page at a time. */
export async function listAlerts(ctx: AppContext, query: z.output<typeof alertsQuerySchema>): Promise<AlertsPage> {
  const { rows, total } = await repo.alertsPage(ctx.db, query, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize, sort: query.sort });
  return {
    alerts: rows.map((row) => ({
      _id: row.id,
      message: row.message,
      createdAt: row.created_at.toISOString(),
      hasRead: row.read_at !== null,
      data: { resourceType: row.resource_type, resourceId: row.resource_id },
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** PUT /api/admin/notifications/read: every unread alert becomes read. */
export async function markAllRead(ctx: AppContext): Promise<{ updated: number }> {
  return { updated: await repo.markUnreadAlertsRead(ctx.db) };
}

/** GET /api/admin/notifications/count. */
export async function unreadCount(ctx: AppContext): Promise<{ count: number }> {
  return { count: await repo.countUnreadAlerts(ctx.db) };
}
