import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CouponsTable } from '../db/types.ts';

export function listCouponRows(db: Db) {
  return db.selectFrom('coupons').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

export function findCouponRow(db: Db, id: string) {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The coupon with this code, whatever its case. */
export function findCouponByCode(db: Db, code: string) {
  return db.selectFrom('coupons').selectAll().where(sql<string>`lower(code)`, '=', code.toLowerCase()).executeTakeFirst();
}

export function insertCoupon(db: Db, values: Insertable<CouponsTable>) {
  return db.insertInto('coupons').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Writes the coupon while its version is still `version` (when given); undefined when gone or saved meanwhile. */
export function updateCouponAtVersion(db: Db, id: string, values: Updateable<CouponsTable>, version: number | undefined) {
  let query = db
    .updateTable('coupons')
    .set({ ...values, updated_at: sql<Date>`now()`, version: sql<number>`version + 1` })
    .where('id', '=', id);
  if (version !== undefined) query = query.where('version', '=', version);
  return query.returningAll().executeTakeFirst();
}

export async function deleteCouponRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('coupons').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
