import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { CouponTargetType } from '../../shared/commerce/coupon-use.rules.ts';
import type { Db } from '../db/database.ts';
import type { CouponsTable } from '../db/types.ts';
import { updateAtVersion } from '../editing/versions.repository.ts';

export type CouponRow = Selectable<CouponsTable>;
export interface CouponTarget {
  type: CouponTargetType;
  id: string;
}

export function listCouponRows(db: Db) {
  return db.selectFrom('coupons').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

/** The title of a coupon scope's target (`s`), null once it is deleted. */
const SCOPE_TITLE = sql<string | null>`case s.target_type
  when 'subscription' then (select title from subscriptions where id = s.target_id)
  when 'course' then (select title from courses where id = s.target_id)
  when 'exam' then (select title from exams where id = s.target_id)
  when 'lecture' then (select title from lectures where id = s.target_id)
  when 'rankfile' then (select title from rank_files where id = s.target_id)
end`;

/** Every coupon in the list's order, each with what it applies to (type and title, in the list's order) in the same row. */
export function couponsWithTargetsQuery(db: Db) {
  return db
    .selectFrom('coupons as c')
    .selectAll('c')
    .select(
      sql<Array<{ type: CouponTargetType; title: string | null }>>`(
        select coalesce(json_agg(json_build_object('type', s.target_type, 'title', ${SCOPE_TITLE}) order by s.target_type, s.target_id), '[]')
        from coupon_scopes s where s.coupon_id = c.id)`.as('applies_to'),
    )
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id');
}

/** The coupons with these ids that exist, with their codes. */
export function couponCodes(db: Db, ids: readonly string[]): Promise<Array<{ id: string; code: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('coupons').select(['id', 'code']).where('id', 'in', ids).execute();
}

export function findCouponRow(db: Db, id: string) {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The coupon, locked until the transaction ends, with what it applies to (for the change's audit entry). */
export async function lockCouponRow(trx: Db, id: string): Promise<(CouponRow & { scope: CouponTarget[] }) | undefined> {
  const row = await trx.selectFrom('coupons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) return undefined;
  const scope = await trx
    .selectFrom('coupon_scopes')
    .select(['target_type as type', 'target_id as id'])
    .where('coupon_id', '=', id)
    .orderBy('target_type')
    .orderBy('target_id')
    .execute();
  return { ...row, scope };
}

/** The coupon with this code, whatever its case. */
export function findCouponByCode(db: Db, code: string) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
}

export function insertCoupon(db: Db, values: Insertable<CouponsTable>) {
  return db.insertInto('coupons').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Writes the coupon while its version is still `version`; undefined when gone or saved meanwhile. */
export function updateCouponAtVersion(db: Db, id: string, values: Updateable<CouponsTable>, version: number) {
  return updateAtVersion(db, 'coupons', id, version, values).returningAll().executeTakeFirst();
}

export async function deleteCouponRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('coupons').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The rate cards and resources each coupon applies to, with their titles (null: since deleted). */
export async function couponTargets(db: Db, couponIds: readonly string[]): Promise<Map<string, Array<CouponTarget & { title: string | null }>>> {
  const targets = new Map<string, Array<CouponTarget & { title: string | null }>>();
  if (couponIds.length === 0) return targets;
  const { rows } = await sql<{ coupon_id: string; target_type: CouponTargetType; target_id: string; title: string | null }>`
    select s.coupon_id, s.target_type, s.target_id, ${SCOPE_TITLE} as title
    from coupon_scopes s
    where s.coupon_id = any(${[...couponIds]}::uuid[])
    order by s.target_type, s.target_id`.execute(db);
  for (const row of rows) {
    const list = targets.get(row.coupon_id) ?? [];
    list.push({ type: row.target_type, id: row.target_id, title: row.title });
    targets.set(row.coupon_id, list);
  }
  return targets;
}

/** Of these targets, the ones that do not exist. */
export async function missingTargets(db: Db, targets: readonly CouponTarget[]): Promise<CouponTarget[]> {
  if (targets.length === 0) return [];
  const { rows } = await sql<{ type: CouponTargetType; id: string }>`
    select t.type, t.id from unnest(${targets.map((target) => target.type)}::text[], ${targets.map((target) => target.id)}::uuid[]) as t(type, id)
    where not case t.type
      when 'subscription' then exists (select 1 from subscriptions where id = t.id)
      when 'course' then exists (select 1 from courses where id = t.id)
      when 'exam' then exists (select 1 from exams where id = t.id)
      when 'lecture' then exists (select 1 from lectures where id = t.id)
      when 'rankfile' then exists (select 1 from rank_files where id = t.id)
    end`.execute(db);
  return rows;
}

/** Replaces what a coupon applies to (inside the transaction that saves it). */
export async function replaceTargets(trx: Db, couponId: string, targets: readonly CouponTarget[]): Promise<void> {
  await trx.deleteFrom('coupon_scopes').where('coupon_id', '=', couponId).execute();
  if (targets.length > 0) {
    await trx
      .insertInto('coupon_scopes')
      .values(targets.map((target) => ({ coupon_id: couponId, target_type: target.type, target_id: target.id })))
      .execute();
  }
}

/** An active coupon by its code, whatever its case, with what it applies to. */
export async function activeCouponByCode(db: Db, code: string) {
  const coupon = await db
    .selectFrom('coupons')
    .selectAll()
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!coupon) return undefined;
  const scope = await db.selectFrom('coupon_scopes').select(['target_type as type', 'target_id as id']).where('coupon_id', '=', coupon.id).execute();
  return { ...coupon, scope };
}

/** Orders of this student holding this coupon (open or paid). */
export async function studentCouponUses(db: Db, couponId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .where('coupon_held', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes one use of the coupon for a new order, in one guarded statement: false when it is used up
 * (or switched off, or outside its window) at this moment, so that no number of concurrent
 * checkouts takes more uses than the limit.
 */
export async function takeCouponUse(trx: Db, couponId: string): Promise<boolean> {
  const row = await trx
    .updateTable('coupons')
    .set({ uses: sql<number>`uses + 1` })
    .where('id', '=', couponId)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('uses', '<', eb.ref('usage_limit'))]))
    .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', sql<Date>`now()`)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives back the use an order held (it expired, was cancelled, refunded in full or deleted). */
export async function giveBackCouponUse(trx: Db, couponId: string, alsoRedemption: boolean): Promise<void> {
  await trx
    .updateTable('coupons')
    .set({
      uses: sql<number>`greatest(uses - 1, 0)`,
      ...(alsoRedemption ? { redemptions: sql<number>`greatest(redemptions - 1, 0)` } : {}),
    })
    .where('id', '=', couponId)
    .execute();
}

/** Counts a student's first quote with this coupon as an impression; later quotes by the same student do not count. */
export async function countImpressionOnce(db: Db, couponId: string, userId: string): Promise<void> {
  await sql`
    with first_time as (
      insert into coupon_impressions (coupon_id, user_id) values (${couponId}, ${userId})
      on conflict do nothing returning coupon_id
    )
    update coupons set impressions = impressions + 1 where id in (select coupon_id from first_time)`.execute(db);
}

export async function countRedemption(db: Db, couponId: string): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ redemptions: sql<number>`redemptions + 1` })
    .where('id', '=', couponId)
    .execute();
}
