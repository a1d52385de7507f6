import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** What a student holds: their grants (entitlements) and orders, newest first, a page at a time. */

export interface GrantRow {
  id: string;
  title: string | null;
  subscription_id: string | null;
  resource_type: 'course' | 'exam' | 'lecture' | 'rankfile' | null;
  source: string;
  order_id: string | null;
  order_mode: 'online' | 'manual' | 'free' | null;
  coupon_code: string | null;
  starts_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  state: 'active' | 'scheduled' | 'expired' | 'revoked';
}

/** The title of what grant `g` opens: its rate card's, or its resource's (as ordered, or as it is now). */
const grantTitleSql = sql<string | null>`coalesce(
  s.title,
  o.resource_title,
  case g.resource_type
    when 'course' then (select x.title from courses x where x.id = g.resource_id)
    when 'exam' then (select x.title from exams x where x.id = g.resource_id)
    when 'lecture' then (select x.title from lectures x where x.id = g.resource_id)
    when 'rankfile' then (select x.title from rank_files x where x.id = g.resource_id)
  end,
  o.title)`;

const grantStateSql = sql<GrantRow['state']>`case
  when g.revoked_at is not null then 'revoked'
  when g.starts_at > now() then 'scheduled'
  when g.expires_at is not null and g.expires_at <= now() then 'expired'
  else 'active' end`;

/** How many rows of the table are the account's: the total behind a page of them. */
async function accountRowCount(db: Db, table: 'entitlements' | 'orders', userId: string): Promise<number> {
  const count = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

export async function listStudentGrants(db: Db, userId: string, page: { limit: number; offset: number }): Promise<{ rows: GrantRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('entitlements as g')
      .leftJoin('subscriptions as s', 's.id', 'g.subscription_id')
      .leftJoin('orders as o', 'o.id', 'g.order_id')
      .select([
        'g.id',
        'g.subscription_id',
        'g.resource_type',
        'g.source',
        'g.order_id',
        'o.mode as order_mode',
        'o.coupon_code',
        'g.starts_at',
        'g.expires_at',
        'g.revoked_at',
      ])
      .select(grantTitleSql.as('title'))
      .select(grantStateSql.as('state'))
      .where('g.user_id', '=', userId)
      // Live grants first, then the rest; newest first within each.
      .orderBy(sql`(g.revoked_at is null and (g.expires_at is null or g.expires_at > now()))`, 'desc')
      .orderBy('g.created_at', 'desc')
      .orderBy('g.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    accountRowCount(db, 'entitlements', userId),
  ]);
  return { rows, total };
}

export interface StudentOrderRow {
  id: string;
  created_at: Date;
  title: string;
  subscription_term: string;
  net_paise: number;
  status: string;
  mode: 'online' | 'manual' | 'free';
  coupon_code: string | null;
  razorpay_payment_id: string | null;
  razorpay_order_id: string | null;
  invoice_number: string | null;
}

export async function listStudentOrders(db: Db, userId: string, page: { limit: number; offset: number }): Promise<{ rows: StudentOrderRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        'orders.id',
        'orders.created_at',
        'orders.title',
        'orders.subscription_term',
        'orders.net_paise',
        'orders.status',
        'orders.mode',
        'orders.coupon_code',
        'orders.razorpay_payment_id',
        'orders.razorpay_order_id',
      ])
      .select(
        sql<string | null>`(select i.number from invoices i where i.order_id = orders.id and i.kind = 'invoice' order by i.issued_at limit 1)`.as(
          'invoice_number',
        ),
      )
      .where('orders.user_id', '=', userId)
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    accountRowCount(db, 'orders', userId),
  ]);
  return { rows, total };
}
