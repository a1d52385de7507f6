import type { z } from 'zod';
import { toPaise, toRupees } from '../../shared/commerce/money.ts';
import { COUPON_MESSAGES, type Coupon, type couponFormSchema } from '../../shared/commerce/coupons.schema.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { CouponsTable } from '../db/types.ts';
import type { Selectable } from 'kysely';
import { refusedSave } from '../editing/versioned-save.ts';
import { AppError } from '../errors.ts';
import * as repo from './coupons.repository.ts';

type CouponRow = Selectable<CouponsTable>;
type Form = z.output<typeof couponFormSchema>;

export function toCoupon(row: CouponRow): Coupon {
  return {
    _id: row.id,
    code: row.code,
    discountType: row.discount_type,
    value: row.value_hundredths / 100,
    minOrderAmount: row.min_order_paise === null ? -1 : toRupees(row.min_order_paise),
    isActive: row.is_active,
    impressions: row.impressions,
    redemptions: row.redemptions,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}

function terms(form: Form) {
  return {
    discount_type: form.discountType,
    // Percent × 100 for a rate, paise for an amount: the typed value × 100 either way.
    value_hundredths: toPaise(form.value),
    min_order_paise: form.minOrderAmount === -1 ? null : toPaise(form.minOrderAmount),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** GET /v2/coupons: every coupon, newest first. */
export async function listCoupons(ctx: AppContext): Promise<Coupon[]> {
  return (await repo.listCouponRows(ctx.db)).map(toCoupon);
}

/** POST /v2/coupons: a new coupon, always inactive (staff switch it on by editing it). */
export async function createCoupon(ctx: RequestContext, form: Form): Promise<Coupon> {
  const actor = await ctx.actor();
  try {
    const row = await repo.insertCoupon(ctx.db, { code: form.code, ...terms(form), is_active: false, created_by: actor?.id ?? null, updated_by: actor?.id ?? null });
    return toCoupon(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', COUPON_MESSAGES.codeTaken(form.code), { field: 'code' });
    throw error;
  }
}

/** PUT /v2/coupons/{id}: its terms and whether it is active; the code stays as created. */
export async function updateCoupon(ctx: RequestContext, { id, ...form }: { id: string } & Form): Promise<Coupon> {
  const actor = await ctx.actor();
  const stored = await repo.findCouponRow(ctx.db, id);
  if (!stored) throw new AppError('not-found', COUPON_MESSAGES.notFound);
  if (form.code !== stored.code) throw new AppError('validation', COUPON_MESSAGES.codeLocked, { field: 'code' });
  const row = await repo.updateCouponAtVersion(ctx.db, id, { ...terms(form), is_active: form.isActive ?? stored.is_active, updated_by: actor?.id ?? null }, form.version);
  if (!row) throw await refusedSave(ctx.db, 'coupons', id, 'coupon', COUPON_MESSAGES.notFound);
  return toCoupon(row);
}

/** DELETE /v2/coupons/{id}: orders that used it keep its code. */
export async function deleteCoupon(ctx: AppContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  if (!(await repo.deleteCouponRow(ctx.db, id))) throw new AppError('not-found', COUPON_MESSAGES.notFound);
  return { status: 'deleted' };
}
