import { sql, type SqlBool, type ExpressionBuilder } from 'kysely';
import type { Database, ResourceType } from '../db/types.ts';
import type { Db } from '../db/database.ts';
import { sortOrder, type SortColumn } from '../db/list-sort.ts';
import type { OrderSortColumn } from '../../shared/commerce/orders.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';

export interface OrdersFilter {
  search?: string | undefined;
  mode?: 'online' | 'manual' | 'free' | undefined;
  resourceType?: ResourceType | undefined;
  /** The first and last India days (YYYY-MM-DD, inclusive) of when the order was paid (paid orders) or deleted (deleted ones). */
  from?: string | undefined;
  to?: string | undefined;
}

/** What each orders list sorts by: the columns of `orders` (indexes of migration 202612020130 serve each, both ways). */
function orderSortColumns(status: 'paid' | 'deleted'): Record<OrderSortColumn, SortColumn> {
  return {
    date: { ref: status === 'paid' ? 'o.paid_at' : 'o.deleted_at', nullable: true },
    mode: { ref: 'o.mode' },
    coupon: { ref: 'o.coupon_code', nullable: true },
    title: { ref: 'o.title' },
    amount: { ref: 'o.net_paise' },
  };
}

/** The ORDER BY of an orders list: the sort asked for, then the order id the same way. */
const ordersOrder = (status: 'paid' | 'deleted', sort: SortParam<OrderSortColumn>) => sortOrder(sort, orderSortColumns(status), 'o.id');

/** `%text%` for ILIKE, with the pattern characters in the text taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** `%text%` for ILIKE of each word of a search (up to 5), with the pattern characters taken literally. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/).filter(Boolean).slice(0, 5).map(containing);
}

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Orders in this status (paid, or deleted) matching the filter. Each word of the search (up to 5) must appear, in any case,
 * somewhere in the order's title, resource title, coupon code or Razorpay ids or in its customer's
 * name, phone number or e-mail address: all of them are in `search_text`, lower-cased and joined by
 * spaces, with a trigram index (migration 202611271300). A word of 1 or 2 characters has no
 * trigram: it still matches the same orders, checked on each row read. A search that is a whole
 * order id also finds that order (the console links to an order as /admin/orders?search=<id>).
 */
function ordersMatching(status: 'paid' | 'deleted', filter: OrdersFilter) {
  return (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>) => {
    const conditions = [eb('o.status', '=', status)];
    if (filter.mode) conditions.push(eb('o.mode', '=', filter.mode));
    if (filter.resourceType) conditions.push(eb('o.resource_type', '=', filter.resourceType));
    // lower() of PostgreSQL, as the stored text was lowered: the same folding ILIKE would do.
    const words = searchWords(filter.search).map((pattern) => eb('o.search_text', 'like', sql<string>`lower(${pattern})`));
    const search = filter.search?.trim() ?? '';
    if (ORDER_ID.test(search)) conditions.push(eb.or([eb('o.id', '=', search.toLowerCase()), ...words]));
    else conditions.push(...words);
    // India days: from the first day's midnight in India to the midnight after the last day.
    const day = eb.ref(status === 'paid' ? 'o.paid_at' : 'o.deleted_at');
    if (filter.from) conditions.push(eb(day, '>=', sql<Date>`(${filter.from}::date)::timestamp at time zone 'Asia/Kolkata'`));
    if (filter.to) conditions.push(eb(day, '<', sql<Date>`(${filter.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`));
    return eb.and(conditions) as unknown as ReturnType<typeof eb.and> & SqlBool;
  };
}

/** The paid orders the filter keeps, in the order asked for (newest payment first unless told), with the customer: the list's pages and its export read this one query. */
export function paidOrdersQuery(db: Db, filter: OrdersFilter, sort: SortParam<OrderSortColumn> = '-date') {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.name as user_name', 'u.phone_number as user_phone', 'u.email_address as user_email'])
    .where(ordersMatching('paid', filter))
    .orderBy(ordersOrder('paid', sort));
}

/** A page of paid orders, in the order asked for, with the customer. */
export function paidOrdersPage(db: Db, filter: OrdersFilter, sort: SortParam<OrderSortColumn>, limit: number, offset: number) {
  return paidOrdersQuery(db, filter, sort).limit(limit).offset(offset).execute();
}

/**
 * How many orders in the state match the filter and what they paid together, in paise (summed by
 * PostgreSQL as a whole number): the orders alone, as the customer's words are in the order's search text.
 */
async function countOrders(db: Db, status: 'paid' | 'deleted', filter: OrdersFilter): Promise<{ total: number; amountPaise: number }> {
  const row = await db
    .selectFrom('orders as o')
    .select((eb) => [eb.fn.countAll<string>().as('total'), sql<string>`coalesce(sum(o.net_paise), 0)`.as('amount_paise')])
    .where(ordersMatching(status, filter))
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), amountPaise: Number(row.amount_paise) };
}

export const countPaidOrders = (db: Db, filter: OrdersFilter) => countOrders(db, 'paid', filter);

/**
 * A page of deleted orders, in the order asked for (by date: when deleted, a deletion not recorded
 * as the earliest), with the customer, who deleted each (null when not recorded) and whether it has
 * an invoice and a credit note.
 */
export function deletedOrdersPage(db: Db, filter: OrdersFilter, sort: SortParam<OrderSortColumn>, limit: number, offset: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('users as d', 'd.id', 'o.deleted_by')
    .selectAll('o')
    .select(['u.name as user_name', 'u.phone_number as user_phone', 'u.email_address as user_email', 'd.name as deleted_by_name'])
    .select((eb) => [
      eb.exists(eb.selectFrom('invoices as i').select('i.id').whereRef('i.order_id', '=', 'o.id').where('i.kind', '=', 'invoice')).as('has_invoice'),
      eb.exists(eb.selectFrom('invoices as c').select('c.id').whereRef('c.order_id', '=', 'o.id').where('c.kind', '=', 'credit-note')).as('has_credit_note'),
    ])
    .where(ordersMatching('deleted', filter))
    .orderBy(ordersOrder('deleted', sort))
    .limit(limit)
    .offset(offset)
    .execute();
}

export const countDeletedOrders = (db: Db, filter: OrdersFilter) => countOrders(db, 'deleted', filter);

export function orderWithUser(db: Db, id: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.name as user_name', 'u.phone_number as user_phone', 'u.email_address as user_email'])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

/** The student with this 10-digit mobile number, however it was stored (+91, spaces, dashes). */
export function studentByPhone(db: Db, mobile: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'phone_number', 'email_address'])
    .where(sql<string>`right(regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g'), 10)`, '=', mobile)
    .where('disabled_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
}

/** A resource of any kind with its title, banner and default rate card. */
export async function resourceForOrder(db: Db, type: ResourceType, id: string) {
  if (type === 'course') {
    const row = await db
      .selectFrom('courses')
      .select(['id', 'title', 'banner_image_id', 'course_rate_card_id as card_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row;
  }
  if (type === 'exam') {
    return db
      .selectFrom('exams')
      .select(['id', 'title', sql<string | null>`null`.as('banner_image_id'), 'master_subscription_id as card_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
  const table = type === 'lecture' ? 'lectures' : 'rank_files';
  return db.selectFrom(table).select(['id', 'title', 'banner_image_id', 'master_subscription_id as card_id']).where('id', '=', id).executeTakeFirst();
}

const RESOURCE_TABLES = { course: 'courses', exam: 'exams', lecture: 'lectures', rankfile: 'rank_files' } as const;

/**
 * A page of one kind of resource whose title holds every word of the search (any case), by title;
 * with the trigram index on each title (migration 202611280620) a search reads only what can match.
 */
export async function resourcesByTitle(db: Db, type: ResourceType, search: string | undefined, limit: number, offset: number) {
  const table = RESOURCE_TABLES[type];
  const words = searchWords(search);
  const matching = (eb: ExpressionBuilder<Database & { r: Database['courses'] }, 'r'>) => eb.and(words.map((pattern) => eb('r.title', 'ilike', pattern)));
  // The four tables share the columns read here: one query shape serves them all.
  const from = db.selectFrom(`${table} as r` as 'courses as r');
  const [items, count] = await Promise.all([
    from.select(['r.id', 'r.title', 'r.is_published']).where(matching).orderBy('r.title').orderBy('r.id').limit(limit).offset(offset).execute(),
    from
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(matching)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

/** Takes, for the rest of the transaction, the lock under which one student's manual orders of one resource are made. */
export async function lockManualOrders(trx: Db, userId: string, resourceId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`manual:${userId}:${resourceId}`}, 0))`.execute(trx);
}

/** The same manual order (student, resource, term and amount) made within `seconds`. */
export function recentManualOrder(trx: Db, order: { userId: string; resourceId: string; term: string; netPaise: number }, seconds: number) {
  return trx
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', order.userId)
    .where('resource_id', '=', order.resourceId)
    .where('mode', '=', 'manual')
    .where('subscription_term', '=', order.term)
    .where('net_paise', '=', order.netPaise)
    .where('status', '=', 'paid')
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
}
