import type { z } from 'zod';
import { toPaise, toRupees } from '../../shared/commerce/money.ts';
import { COUPON_MESSAGES, type Coupon, type couponFormSchema, type couponUpdateSchema } from '../../shared/commerce/coupons.schema.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';
import type { AppContext, RequestContext } from '../context.ts';
import { refusedSave } from '../editing/versioned-save.ts';
import { AppError } from '../errors.ts';
import * as repo from './coupons.repository.ts';

type Form = z.output<typeof couponFormSchema>;
type UpdateForm = z.output<typeof couponUpdateSchema>;

export function toCoupon(row: repo.CouponRow, targets: Array<repo.CouponTarget & { title: string | null }>): Coupon {
  return {
    _id: row.id,
    code: row.code,
    discountType: row.discount_type,
    value: row.value_hundredths / 100,
    minOrderAmount: row.min_order_paise === null ? -1 : toRupees(row.min_order_paise),
    isActive: row.is_active,
    impressions: row.impressions,
    redemptions: row.redemptions,
    uses: row.uses,
    usageLimit: row.usage_limit,
    perStudentLimit: row.per_student_limit,
    validFrom: row.valid_from?.toISOString() ?? null,
    validUntil: row.valid_until?.toISOString() ?? null,
    appliesTo: targets,
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
    usage_limit: form.usageLimit,
    per_student_limit: form.perStudentLimit,
    valid_from: form.validFrom,
    valid_until: form.validUntil,
  };
}

/** A coupon's staff-set fields as its audit entry compares them (amounts in rupees, as the API shows them). */
function auditFields(row: repo.CouponRow, scope: readonly repo.CouponTarget[]) {
  return {
    code: row.code,
    discountType: row.discount_type,
    value: row.value_hundredths / 100,
    minOrderAmountRupees: row.min_order_paise === null ? -1 : toRupees(row.min_order_paise),
    isActive: row.is_active,
    usageLimit: row.usage_limit,
    perStudentLimit: row.per_student_limit,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    appliesTo: scope.map((target) => `${target.type}:${target.id}`).sort(),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** The rate cards and resources named must exist: the first that does not is named in the refusal. */
async function checkTargets(ctx: AppContext, form: Form): Promise<void> {
  const missing = await repo.missingTargets(ctx.db, form.appliesTo);
  if (missing.length === 0) return;
  const index = form.appliesTo.findIndex((target) => target.type === missing[0]!.type && target.id === missing[0]!.id);
  throw new AppError('validation', COUPON_MESSAGES.targetMissing(missing[0]!.type), { field: `appliesTo[${index}].id` });
}

async function withTargets(ctx: AppContext, row: repo.CouponRow): Promise<Coupon> {
  return toCoupon(row, (await repo.couponTargets(ctx.db, [row.id])).get(row.id) ?? []);
}

/** GET /v2/coupons: every coupon, newest first. */
export async function listCoupons(ctx: AppContext): Promise<Coupon[]> {
  const rows = await repo.listCouponRows(ctx.db);
  const targets = await repo.couponTargets(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCoupon(row, targets.get(row.id) ?? []));
}

/** One coupon as the list shows it (what its modal edits). */
export async function getCoupon(ctx: AppContext, { id }: { id: string }): Promise<Coupon> {
  const row = await repo.findCouponRow(ctx.db, id);
  if (!row) throw new AppError('not-found', COUPON_MESSAGES.notFound);
  return withTargets(ctx, row);
}

/** POST /v2/coupons: a new coupon, always inactive (staff switch it on by editing it). */
export async function createCoupon(ctx: RequestContext, form: Form): Promise<Coupon> {
  const actor = await ctx.actor();
  const by = await auditBy(ctx);
  await checkTargets(ctx, form);
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const created = await repo.insertCoupon(trx, {
        code: form.code,
        ...terms(form),
        is_active: false,
        created_by: actor?.id ?? null,
        updated_by: actor?.id ?? null,
      });
      await repo.replaceTargets(trx, created.id, form.appliesTo);
      await recordAudit(trx, by, {
        action: 'create',
        resourceType: 'coupon',
        resourceId: created.id,
        title: created.code,
        changes: changedFields(null, auditFields(created, form.appliesTo)),
      });
      return created;
    });
    return await withTargets(ctx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', COUPON_MESSAGES.codeTaken(form.code), { field: 'code' });
    throw error;
  }
}

/** PUT /v2/coupons/{id}: its terms, limits, window, scope and whether it is active; the code stays as created. */
export async function updateCoupon(ctx: RequestContext, { id, ...form }: { id: string } & UpdateForm): Promise<Coupon> {
  const actor = await ctx.actor();
  const by = await auditBy(ctx);
  const stored = await repo.findCouponRow(ctx.db, id);
  if (!stored) throw new AppError('not-found', COUPON_MESSAGES.notFound);
  if (form.code !== stored.code) throw new AppError('validation', COUPON_MESSAGES.codeLocked, { field: 'code' });
  await checkTargets(ctx, form);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.lockCouponRow(trx, id);
    if (!before) return undefined;
    const saved = await repo.updateCouponAtVersion(
      trx,
      id,
      { ...terms(form), is_active: form.isActive ?? stored.is_active, updated_by: actor?.id ?? null },
      form.version,
    );
    if (!saved) return undefined;
    await repo.replaceTargets(trx, id, form.appliesTo);
    const wasActive = before.is_active;
    await recordAudit(trx, by, {
      action: saved.is_active === wasActive ? 'update' : saved.is_active ? 'activate' : 'deactivate',
      resourceType: 'coupon',
      resourceId: id,
      title: saved.code,
      changes: changedFields(auditFields(before, before.scope), auditFields(saved, form.appliesTo)),
    });
    return saved;
  });
  if (!row) throw await refusedSave(ctx.db, 'coupons', id, 'coupon', COUPON_MESSAGES.notFound);
  return withTargets(ctx, row);
}

/** DELETE /v2/coupons/{id}: orders that used it keep its code. */
export async function deleteCoupon(ctx: RequestContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  const by = await auditBy(ctx);
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.lockCouponRow(trx, id);
    if (!before || !(await repo.deleteCouponRow(trx, id))) return false;
    await recordAudit(trx, by, {
      action: 'delete',
      resourceType: 'coupon',
      resourceId: id,
      title: before.code,
      changes: changedFields(auditFields(before, before.scope), null),
    });
    return true;
  });
  if (!deleted) throw new AppError('not-found', COUPON_MESSAGES.notFound);
  return { status: 'deleted' };
}
