import { sql, type SqlBool, type ExpressionBuilder } from 'kysely';
import type { Database, ResourceType } from '../db/types.ts';
import type { Db } from '../db/database.ts';

export interface OrdersFilter {
  search?: string | undefined;
  mode?: 'online' | 'manual' | 'free' | undefined;
  resourceType?: ResourceType | undefined;
}

/** `%text%` for ILIKE, with the pattern characters in the text taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Paid orders matching the filter. Each word of the search (up to 5) must appear, in any case,
 * somewhere in the order's title, resource title, coupon code or Razorpay ids or in its customer's
 * name, phone number or e-mail address: all of them are in `search_text`, lower-cased and joined by
 * spaces, with a trigram index (migration 202611271300). A word of 1 or 2 characters has no
 * trigram: it still matches the same orders, checked on each row read.
 */
function paidMatching(filter: OrdersFilter) {
  return (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>) => {
    const conditions = [eb('o.status', '=', 'paid')];
    if (filter.mode) conditions.push(eb('o.mode', '=', filter.mode));
    if (filter.resourceType) conditions.push(eb('o.resource_type', '=', filter.resourceType));
    for (const word of (filter.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
      // lower() of PostgreSQL, as the stored text was lowered: the same folding ILIKE would do.
      conditions.push(eb('o.search_text', 'like', sql<string>`lower(${containing(word)})`));
    }
    return eb.and(conditions) as unknown as ReturnType<typeof eb.and> & SqlBool;
  };
}

/** A page of paid orders, newest payment first, with the customer. */
export function paidOrdersPage(db: Db, filter: OrdersFilter, limit: number, offset: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.name as user_name', 'u.phone_number as user_phone', 'u.email_address as user_email'])
    .where(paidMatching(filter))
    .orderBy('o.paid_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countPaidOrders(db: Db, filter: OrdersFilter): Promise<number> {
  // The orders alone are counted: the customer's words are in the order's search text.
  const row = await db
    .selectFrom('orders as o')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(paidMatching(filter))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

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
    const row = await db.selectFrom('courses').select(['id', 'title', 'banner_image_id', 'course_rate_card_id as card_id']).where('id', '=', id).executeTakeFirst();
    return row;
  }
  if (type === 'exam') {
    return db.selectFrom('exams').select(['id', 'title', sql<string | null>`null`.as('banner_image_id'), 'master_subscription_id as card_id']).where('id', '=', id).executeTakeFirst();
  }
  const table = type === 'lecture' ? 'lectures' : 'rank_files';
  return db.selectFrom(table).select(['id', 'title', 'banner_image_id', 'master_subscription_id as card_id']).where('id', '=', id).executeTakeFirst();
}
