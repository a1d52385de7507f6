import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { stampNow } from '../db/stamp-now.ts';

export async function insertAlert(db: Db, values: { message: string; resourceType: string | null; resourceId: string | null }): Promise<void> {
  await db.insertInto('admin_alerts').values({ message: values.message, resource_type: values.resourceType, resource_id: values.resourceId }).execute();
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export type AlertFilter = { hasRead?: 'yes' | 'no' | undefined; search?: string | undefined; createdOn?: string | undefined };

/** The alerts the filters show. `createdOn` is a day as staff in India read it. */
function matchingAlerts(db: Db, filter: AlertFilter) {
  let base = db.selectFrom('admin_alerts');
  if (filter.hasRead === 'yes') base = base.where('read_at', 'is not', null);
  if (filter.hasRead === 'no') base = base.where('read_at', 'is', null);
  if (filter.search) base = base.where('message', 'ilike', containing(filter.search));
  if (filter.createdOn) {
    const dayStart = sql<Date>`(${filter.createdOn}::date)::timestamp at time zone 'Asia/Kolkata'`;
    base = base.where('created_at', '>=', dayStart).where('created_at', '<', sql<Date>`(${filter.createdOn}::date + 1)::timestamp at time zone 'Asia/Kolkata'`);
  }
  return base;
}

/** Every alert the filters show, newest first (the list's order, which its export keeps). */
export function alertsQuery(db: Db, filter: AlertFilter) {
  return matchingAlerts(db, filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
}

/** A page of alerts, newest first, and how many match in all. */
export async function alertsPage(db: Db, filter: AlertFilter, { limit, offset }: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    alertsQuery(db, filter).limit(limit).offset(offset).execute(),
    matchingAlerts(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
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
