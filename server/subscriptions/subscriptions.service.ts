import type { z } from 'zod';
import { rateCardAmountIssues } from '../../shared/subscriptions/gst.rules.ts';
import { SUBSCRIPTION_MESSAGES, SUBSCRIPTION_TERMS, type SubscriptionTerm } from '../../shared/subscriptions/subscription.constants.ts';
import type {
  AttachedResources,
  createSubscriptionInputSchema,
  saveSubscriptionInputSchema,
  Subscription,
  SubscriptionDetail,
} from '../../shared/subscriptions/subscriptions.schema.ts';
import type { RateCardSearchPage, rateCardSearchQuerySchema } from '../../shared/subscriptions/rate-card-search.schema.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { SubscriptionRow } from '../db/types.ts';
import { refreshCoursesOfRateCard } from '../course-state/course-publish.ts';
import { AppError } from '../errors.ts';
import { refusedSave } from '../editing/versioned-save.ts';
import {
  deleteInactiveEntitlements,
  deleteSubscriptionRow,
  findActiveEntitlements,
  findSubscriptionWithResources,
  insertSubscription,
  listSubscriptionRows,
  lockSubscription,
  rateCardsByTitle,
  updateSubscriptionAtVersion,
  type EntitlementHolder,
} from './subscriptions.repository.ts';

/** How many students a refused delete names before it only counts the rest. */
export const LISTED_ENTITLEMENTS = 50;

function toTerm(value: string): SubscriptionTerm {
  return (SUBSCRIPTION_TERMS as readonly string[]).includes(value) ? (value as SubscriptionTerm) : 'not-selected';
}

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    _id: row.id,
    title: row.title,
    subscriptionTerm: toTerm(row.subscription_term),
    grossAmount: row.gross_amount,
    gstRate: row.gst_rate,
    gstAmount: row.gst_amount,
    netAmount: row.net_amount,
    isFree: row.is_free,
    freeMode: row.free_mode,
    compareAtPrice: row.compare_at_price,
    discountRatePromoLabel: row.discount_rate_promo_label,
    mode: row.mode,
    resourceTags: row.resource_tags,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

/** A rate card's fields as its audit entry compares them (amounts in rupees, as the API shows them). */
function auditFields(row: SubscriptionRow) {
  const { _id, ...fields } = toSubscription(row); // timestamps and version are left out by changedFields
  return fields;
}

/** GET /api/v2/admin/subscriptions: the master list every editor picks a rate card from. */
export async function listSubscriptions(ctx: AppContext): Promise<Subscription[]> {
  return (await listSubscriptionRows(ctx.db)).map(toSubscription);
}

/** GET /api/admin/subscriptions/search: rate cards found by title (or by id), a page at a time, for the pickers. */
export async function searchRateCards(ctx: AppContext, query: z.output<typeof rateCardSearchQuerySchema>): Promise<RateCardSearchPage> {
  const { items, total } = await rateCardsByTitle(ctx.db, { search: query.search, ids: query.ids }, query.pageSize, (query.page - 1) * query.pageSize);
  return {
    items: items.map((row) => ({
      _id: row.id,
      title: row.title,
      subscriptionTerm: toTerm(row.subscription_term),
      netAmount: row.net_amount,
      isFree: row.is_free,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function createSubscription(ctx: RequestContext, input: z.output<typeof createSubscriptionInputSchema>): Promise<{ _id: string }> {
  const by = await auditBy(ctx);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertSubscription(trx, input.title);
    await recordAudit(trx, by, {
      action: 'create',
      resourceType: 'subscription',
      resourceId: created.id,
      title: created.title,
      changes: changedFields(null, auditFields(created)),
    });
    return created;
  });
  return { _id: row.id };
}

/** One rate card with the courses, lectures, exams and rank files sold under it. */
export async function getSubscription(ctx: AppContext, { id }: { id: string }): Promise<SubscriptionDetail> {
  const found = await findSubscriptionWithResources(ctx.db, id);
  if (!found) throw new AppError('not-found', SUBSCRIPTION_MESSAGES.notFound);
  const { courses, lectures, exams, rankFiles, ...row } = found;
  return { ...toSubscription(row), attachedResources: { courses, lectures, exams, rankFiles } };
}

/**
 * PUT /api/admin/subscriptions/{id} {value}. The editor computes the GST and nett amounts from
 * gross and rate, and staff may type them by hand, but a card is stored only when they agree
 * (`rateCardAmountIssues`: GST to the paisa, nett to the paisa or the rupee, at least ₹1 when
 * sold), since invoices state the tax of what checkout charges. attachedResources (and anything
 * else outside the rate card's fields) is ignored.
 */
export async function saveSubscription(ctx: RequestContext, input: z.output<typeof saveSubscriptionInputSchema> & { id: string }): Promise<Subscription> {
  const actor = await ctx.actor();
  const by = await auditBy(ctx);
  const { id, value } = input;
  const amountIssues = rateCardAmountIssues(value);
  if (amountIssues.length > 0) throw AppError.fromIssues(amountIssues.map((issue) => ({ ...issue, field: `value.${issue.field}` })));
  // Saved from the copy the editor loaded, or refused: nobody's work is overwritten unseen. The courses
  // sold under it are decided again in the same transaction: their day plan may now run past its term.
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await lockSubscription(trx, id);
    if (!before) return undefined;
    const saved = await updateSubscriptionAtVersion(
      trx,
      id,
      {
        title: value.title,
        subscription_term: value.subscriptionTerm,
        gross_amount: value.grossAmount,
        gst_rate: value.gstRate,
        gst_amount: value.gstAmount,
        net_amount: value.netAmount,
        is_free: value.isFree,
        free_mode: value.freeMode,
        compare_at_price: value.compareAtPrice,
        discount_rate_promo_label: value.discountRatePromoLabel,
        mode: value.mode,
        resource_tags: [...new Set(value.resourceTags)],
        updated_by: actor?.id ?? null,
      },
      input.version,
    );
    if (!saved) return undefined;
    await refreshCoursesOfRateCard(trx, id);
    await recordAudit(trx, by, {
      action: 'update',
      resourceType: 'subscription',
      resourceId: id,
      title: saved.title,
      changes: changedFields(auditFields(before), auditFields(saved)),
    });
    return saved;
  });
  if (!row) throw await refusedSave(ctx.db, 'subscriptions', id, 'rate card', SUBSCRIPTION_MESSAGES.notFound);
  return toSubscription(row);
}

function holderLabel(holder: EntitlementHolder): string {
  const contact = holder.emailAddress ?? holder.phoneNumber;
  const who = contact ? `${holder.name} (${contact})` : holder.name;
  return holder.expiresAt ? `Active entitlement: ${who}, until ${holder.expiresAt.toISOString().slice(0, 10)}` : `Active entitlement: ${who}`;
}

/** What still uses a rate card, one line per item, in the order the editor's Resources tab lists them. */
export function usageWarnings(resources: AttachedResources, entitlements: { holders: EntitlementHolder[]; total: number }): string[] {
  const more = entitlements.total - entitlements.holders.length;
  return [
    ...resources.courses.map((course) => `Course: ${course.title}`),
    ...resources.lectures.map((lecture) => `Lecture video: ${lecture.title}`),
    ...resources.exams.map((exam) => `Exam: ${exam.title}`),
    ...resources.rankFiles.map((rankFile) => `Rank file: ${rankFile.title}`),
    ...entitlements.holders.map(holderLabel),
    ...(more > 0 ? [`and ${more} more active ${more === 1 ? 'entitlement' : 'entitlements'}`] : []),
  ];
}

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Deletes a rate card that nothing uses any more. While a course, lecture, exam or rank file
 * is sold under it, or a student still has access through it, the delete is refused with
 * one warning per item. The row stays locked from the check to the delete, so nothing can
 * start using it in between.
 */
export async function deleteSubscription(ctx: RequestContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  const by = await auditBy(ctx);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const before = await lockSubscription(trx, id);
      if (!before) throw new AppError('not-found', SUBSCRIPTION_MESSAGES.notFound);
      const found = await findSubscriptionWithResources(trx, id);
      if (!found) throw new AppError('not-found', SUBSCRIPTION_MESSAGES.notFound);
      const entitlements = await findActiveEntitlements(trx, id, LISTED_ENTITLEMENTS);
      const warnings = usageWarnings(found, entitlements);
      if (warnings.length > 0) throw new AppError('has-warnings', SUBSCRIPTION_MESSAGES.inUse, { warnings });
      await deleteInactiveEntitlements(trx, id);
      await deleteSubscriptionRow(trx, id);
      await recordAudit(trx, by, {
        action: 'delete',
        resourceType: 'subscription',
        resourceId: id,
        title: before.title,
        changes: changedFields(auditFields(before), null),
      });
    });
  } catch (error) {
    // A reference the check could not see (an entitlement revived meanwhile): refuse the same way.
    if (error instanceof Error && 'code' in error && error.code === FOREIGN_KEY_VIOLATION) {
      throw new AppError('has-warnings', SUBSCRIPTION_MESSAGES.inUse, {
        warnings: ['Something started using this rate card meanwhile: open it again to see what'],
      });
    }
    throw error;
  }
  return { status: 'deleted' };
}
