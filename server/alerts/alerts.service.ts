import { sql } from 'kysely';
import type { z } from 'zod';
import type { AlertsPage, alertsQuerySchema } from '../../shared/alerts/alerts.schema.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';

/** Writes an alert for staff (on the connection given: inside the transaction of what it is about). */
export async function raiseAlert(db: Db, alert: { message: string; resourceType?: string; resourceId?: string }): Promise<void> {
  await db
    .insertInto('admin_alerts')
    .values({ message: alert.message.slice(0, 1000), resource_type: alert.resourceType ?? null, resource_id: alert.resourceId ?? null })
    .execute();
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** GET /api/admin/notifications: the alerts, newest first, a page at a time. */
export async function listAlerts(ctx: AppContext, query: z.output<typeof alertsQuerySchema>): Promise<AlertsPage> {
  let base = ctx.db.selectFrom('admin_alerts');
  if (query.hasRead === 'yes') base = base.where('read_at', 'is not', null);
  if (query.hasRead === 'no') base = base.where('read_at', 'is', null);
  if (query.search) base = base.where('message', 'ilike', containing(query.search));
  if (query.createdOn) {
    // The day as staff in India read the Created On column.
    const dayStart = sql<Date>`(${query.createdOn}::date)::timestamp at time zone 'Asia/Kolkata'`;
    base = base.where('created_at', '>=', dayStart).where('created_at', '<', sql<Date>`(${query.createdOn}::date + 1)::timestamp at time zone 'Asia/Kolkata'`);
  }
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    alerts: rows.map((row) => ({
      _id: row.id,
      message: row.message,
      createdAt: row.created_at.toISOString(),
      hasRead: row.read_at !== null,
      data: { resourceType: row.resource_type, resourceId: row.resource_id },
    })),
    total: Number(count.total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** PUT /api/admin/notifications/read: every unread alert becomes read. */
export async function markAllRead(ctx: AppContext): Promise<{ updated: number }> {
  const result = await ctx.db.updateTable('admin_alerts').set({ read_at: sql<Date>`now()` }).where('read_at', 'is', null).executeTakeFirst();
  return { updated: Number(result.numUpdatedRows) };
}

/** GET /api/admin/notifications/count. */
export async function unreadCount(ctx: AppContext): Promise<{ count: number }> {
  const row = await ctx.db.selectFrom('admin_alerts').select((eb) => eb.fn.countAll<number>().as('count')).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return { count: Number(row.count) };
}
