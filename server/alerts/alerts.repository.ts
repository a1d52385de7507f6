import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { stampNow } from '../db/stamp-now.ts';

export async function insertAlert(db: Db, values: { message: string; resourceType: string | null; resourceId: string | null }): Promise<void> {
  await db.insertInto('admin_alerts').values({ message: values.message, resource_type: values.resourceType, resource_id: values.resourceId }).execute();
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** A page of alerts, newest first, and how many match in all. `createdOn` is a day as staff in India read it. */
export async function alertsPage(
  db: Db,
  filter: { hasRead?: 'yes' | 'no' | undefined; search?: string | undefined; createdOn?: string | undefined },
  { limit, offset }: { limit: number; offset: number },
) {
  let base = db.selectFrom('admin_alerts');
  if (filter.hasRead === 'yes') base = base.where('read_at', 'is not', null);
  if (filter.hasRead === 'no') base = base.where('read_at', 'is', null);
  if (filter.search) base = base.where('message', 'ilike', containing(filter.search));
  if (filter.createdOn) {
    const dayStart = sql<Date>`(${filter.createdOn}::date)::timestamp at time zone 'Asia/Kolkata'`;
    base = base.where('created_at', '>=', dayStart).where('created_at', '<', sql<Date>`(${filter.createdOn}::date + 1)::timestamp at time zone 'Asia/Kolkata'`);
  }
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Marks every unread alert read; answers how many were. */
export async function markUnreadAlertsRead(db: Db): Promise<number> {
  return stampNow(db, 'admin_alerts', 'read_at', { read_at: null });
}

export async function countUnreadAlerts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('admin_alerts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
