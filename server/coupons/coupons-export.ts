import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import { couponsWithTargetsQuery } from './coupons.repository.ts';

export type CouponRow = Awaited<ReturnType<ReturnType<typeof couponsWithTargetsQuery>['execute']>>[number];

/** GET /api/admin/coupons/export.csv and .xlsx: every coupon, newest first, as the Coupons table lists them. */
export async function exportCoupons(ctx: RequestContext): Promise<ExportFile<CouponRow>> {
  return {
    name: 'coupons',
    sheet: 'Coupons',
    columns: new URL('./coupons-export-columns.ts', import.meta.url),
    batches: await openRowCursor(ctx.db, couponsWithTargetsQuery(ctx.db)),
  };
}
