import { columnFilterSchema, columnsMatch } from '../../shared/bulk/bulk.schema.ts';
import { COUPON_FILTER_COLUMNS, couponColumnTexts } from '../../shared/commerce/coupon-list.rules.ts';
import { couponUpdateSchema, type Coupon } from '../../shared/commerce/coupons.schema.ts';
import type { BulkResource } from '../bulk/bulk-resource.ts';
import { switchSteps } from '../bulk/switch-steps.ts';
import { AppError } from '../errors.ts';
import { couponCodes } from './coupons.repository.ts';
import { deleteCoupon, getCoupon, listCoupons, updateCoupon } from './coupons.service.ts';

/** The coupon as its modal would send it back, with only "Is Active" changed. */
function formOf(coupon: Coupon, isActive: boolean) {
  const parsed = couponUpdateSchema.safeParse({
    code: coupon.code,
    discountType: coupon.discountType,
    value: coupon.value,
    minOrderAmount: coupon.minOrderAmount,
    isActive,
    usageLimit: coupon.usageLimit,
    perStudentLimit: coupon.perStudentLimit,
    validFrom: coupon.validFrom,
    validUntil: coupon.validUntil,
    appliesTo: coupon.appliesTo.map(({ type, id }) => ({ type, id })),
    version: coupon.version,
  });
  if (!parsed.success) throw new AppError('validation', parsed.error.issues[0]?.message ?? 'The coupon cannot be saved as it is: open it to edit');
  return parsed.data;
}

export const couponsFilterSchema = columnFilterSchema(COUPON_FILTER_COLUMNS);

/** Bulk activate, deactivate and delete on the Coupons screen (filtered by its columns); a coupon is named by its code. */
export const couponsBulk: BulkResource<typeof couponsFilterSchema> = {
  noun: 'coupons',
  filter: couponsFilterSchema,
  async findRows(ctx, ids) {
    return (await couponCodes(ctx.db, ids)).map((row) => ({ id: row.id, title: row.code }));
  },
  async listMatching(ctx, filter) {
    return (await listCoupons(ctx))
      .filter((coupon) => columnsMatch(couponColumnTexts(coupon), filter))
      .map((coupon) => ({ id: coupon._id, title: coupon.code }));
  },
  actions: {
    ...switchSteps({
      read: (ctx, id) => getCoupon(ctx, { id }),
      save: (ctx, id, coupon, isActive) => updateCoupon(ctx, { id, ...formOf(coupon, isActive) }),
    }),
    delete: (ctx, row) => deleteCoupon(ctx, { id: row.id }).then(() => undefined),
  },
};
