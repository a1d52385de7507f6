import { sql } from 'kysely';
import { CONSOLE_ROLES } from '../../shared/auth/roles.ts';
import type { Db } from '../db/database.ts';

/** What was sold and refunded on one day in India. */
export interface DaySalesRow {
  day: string;
  orders: number;
  grossPaise: number;
  taxPaise: number;
  netPaise: number;
  refundsPaise: number;
}

const INDIA_DAY = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;

/**
 * Orders paid from `from` to `to` (whatever became of them since: refunded and deleted orders were
 * paid too) and processed refunds made then, summed per day in India. Read from
 * `orders_paid_at_idx` and `refunds_processed_idx`, which hold every summed column.
 */
export async function salesByDay(db: Db, from: Date, to: Date): Promise<DaySalesRow[]> {
  const [paid, refunded] = await Promise.all([
    db
      .selectFrom('orders')
      .where('paid_at', 'is not', null)
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .select([
        INDIA_DAY('paid_at').as('day'),
        sql<string>`count(*)`.as('orders'),
        sql<string>`sum(gross_paise)`.as('gross'),
        sql<string>`sum(gst_paise)`.as('tax'),
        sql<string>`sum(net_paise)`.as('net'),
      ])
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('refunds')
      .where('status', '=', 'processed')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .select([INDIA_DAY('created_at').as('day'), sql<string>`sum(amount_paise)`.as('refunds')])
      .groupBy(sql`1`)
      .execute(),
  ]);
  const days = new Map<string, DaySalesRow>();
  const dayRow = (day: string) => {
    const row = days.get(day) ?? { day, orders: 0, grossPaise: 0, taxPaise: 0, netPaise: 0, refundsPaise: 0 };
    days.set(day, row);
    return row;
  };
  for (const row of paid)
    Object.assign(dayRow(row.day), { orders: Number(row.orders), grossPaise: Number(row.gross), taxPaise: Number(row.tax), netPaise: Number(row.net) });
  for (const row of refunded) dayRow(row.day).refundsPaise = Number(row.refunds);
  return [...days.values()];
}

/** A student's account: one holding no console role (as the Users list's Student filter). */
const isStudent = sql<boolean>`not (roles && ${sql.val([...CONSOLE_ROLES])}::text[])`;

/** Student accounts created from each of the instants given until `to`. */
export async function newStudentsSince(db: Db, since: { today: Date; days7: Date; days30: Date }, to: Date) {
  const row = await db
    .selectFrom('users')
    .where('created_at', '>=', since.days30)
    .where('created_at', '<', to)
    .where(isStudent)
    .select([
      sql<string>`count(*) filter (where created_at >= ${since.today})`.as('today'),
      sql<string>`count(*) filter (where created_at >= ${since.days7})`.as('days7'),
      sql<string>`count(*)`.as('days30'),
    ])
    .executeTakeFirstOrThrow();
  return { today: Number(row.today), days7: Number(row.days7), days30: Number(row.days30) };
}

/** Students who started an exam attempt from `since` until `to` (`exam_attempts_started_idx`). */
export async function activeStudentsSince(db: Db, since: Date, to: Date): Promise<number> {
  const row = await db
    .selectFrom('exam_attempts')
    .where('started_at', '>=', since)
    .where('started_at', '<', to)
    .select(sql<string>`count(distinct user_id)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Process Queue items that failed (`queue_items_state_created_idx`). */
export async function countFailedQueueItems(db: Db): Promise<number> {
  const row = await db
    .selectFrom('queue_items')
    .where('state', '=', 'failed')
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Unread alerts about orders and payments (`admin_alerts_unread_idx`). */
export async function countUnreadOrderAlerts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('admin_alerts')
    .where('read_at', 'is', null)
    .where('resource_type', 'in', ['order', 'payment'])
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
