import { sql } from 'kysely';
import type { AlertSortColumn } from '../../shared/alerts/alerts.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';
import type { Db } from '../db/database.ts';
import { sortOrder, type SortColumn } from '../db/list-sort.ts';
import { stampNow } from '../db/stamp-now.ts';

export async function insertAlert(db: Db, values: { message: string; resourceType: string | null; resourceId: string | null }): Promise<void> {
  await db.insertInto('admin_alerts').values({ message: values.message, resource_type: values.resourceType, resource_id: values.resourceId }).execute();
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export type AlertFilter = { hasRead?: 'yes' | 'no' | undefined; search?: string | undefined; createdOn?: string | undefined };

/** What the list sorts by: each column has an index on (column, id) (admin_alerts_created_idx for the date, migration 202612030100 the other). */
const ALERT_SORT: Record<AlertSortColumn, SortColumn> = {
  createdAt: { ref: 'created_at' },
  hasRead: { ref: 'read_at', nullable: true },
};

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

/** Every alert the filters show, in the list's order (newest first unless told), which its export keeps. */
export function alertsQuery(db: Db, filter: AlertFilter, sort: SortParam<AlertSortColumn> = '-createdAt') {
  return matchingAlerts(db, filter)
    .selectAll()
    .orderBy(sortOrder(sort, ALERT_SORT, 'id'));
}

/** A page of alerts in the order asked for, and how many match in all. */
export async function alertsPage(
  db: Db,
  filter: AlertFilter,
  { limit, offset, sort = '-createdAt' }: { limit: number; offset: number; sort?: SortParam<AlertSortColumn> },
) {
  const [rows, count] = await Promise.all([
    alertsQuery(db, filter, sort).limit(limit).offset(offset).execute(),
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
