import type { z } from 'zod';
import { CHECKOUT_MESSAGES } from '../../shared/commerce/checkout.schema.ts';
import { toPaise, toRupees } from '../../shared/commerce/money.ts';
import {
  ORDER_MESSAGES,
  type AdminOrder,
  type DeletedOrdersPage,
  type ManualOrderReview,
  type manualOrderQuerySchema,
  type OrdersPage,
  type ordersPageQuerySchema,
  type ResourceSearchPage,
  type resourceSearchQuerySchema,
} from '../../shared/commerce/orders.schema.ts';
import { indianMobile, PHONE_MESSAGE } from '../../shared/validation/phone.rules.ts';
import { DEFAULT_GST_RATE, TERM_DAYS, type SubscriptionTerm } from '../../shared/subscriptions/subscription.constants.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { auditBy, recordAudit, type AuditBy } from '../audit/audit-writer.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import * as adminRepo from './admin-orders.repository.ts';
import { giveBackCouponUse } from '../coupons/coupons.repository.ts';
import { takeBackGrant } from './entitlement-grants.ts';
import { fulfilOrderIn } from './fulfilment.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { findDocument } from './invoices.repository.ts';
import { issueCreditNote } from './invoices.service.ts';
import { orderChange, orderTitle } from './order-audit.ts';
import { findCard, findOrder, insertOrder, lockOrder, markOrderDeleted, type OrderRow } from './orders.repository.ts';
import { paymentGateway } from './payment-gateway.ts';
import { deleteUnsentClaim } from './refunds.repository.ts';
import { claimRefund, sendClaimedRefund } from './refunds.service.ts';

type OrderWithUser = OrderRow & { user_name: string; user_phone: string | null; user_email: string | null };

export function adminOrderOf(order: OrderWithUser): AdminOrder {
  return {
    _id: order.id,
    createdAt: order.created_at.toISOString(),
    paidAt: order.paid_at?.toISOString() ?? null,
    createdBy: order.created_by,
    mode: order.mode,
    discountCouponCode: order.coupon_code,
    userInfo: { _id: order.user_id, name: order.user_name, phoneNumber: order.user_phone, emailAddress: order.user_email },
    subscriptionId: order.subscription_id,
    title: order.title,
    subscriptionTerm: order.subscription_term,
    netAmount: toRupees(order.net_paise),
    refundedAmount: toRupees(order.refunded_paise),
    resourceType: order.resource_type,
    resourceId: order.resource_id,
    resourceTitle: order.resource_title,
    razorPayId: order.razorpay_payment_id ?? order.razorpay_order_id,
    status: order.status,
  };
}

/** The filters of an orders list or its export, as the repository takes them. */
export function ordersFilterOf({ search, mode, resourceType, from, to }: adminRepo.OrdersFilter): adminRepo.OrdersFilter {
  return { search, mode, resourceType, from, to };
}

/** GET /api/admin/orders/completed: paid orders a page at a time, in the order asked for (newest first unless told), filtered here, with the filtered total. */
export async function listCompletedOrders(ctx: AppContext, query: z.output<typeof ordersPageQuerySchema>): Promise<OrdersPage> {
  const filter = ordersFilterOf(query);
  const [rows, { total, amountPaise }] = await Promise.all([
    adminRepo.paidOrdersPage(ctx.db, filter, query.sort, query.pageSize, (query.page - 1) * query.pageSize),
    adminRepo.countPaidOrders(ctx.db, filter),
  ]);
  return { orders: rows.map(adminOrderOf), total, amountPaise, page: query.page, pageSize: query.pageSize };
}

/**
 * GET /api/admin/orders/deleted: deleted orders a page at a time, the latest deletion first, with
 * who deleted each and when, and whether its invoice and credit note exist (to open their PDFs).
 */
export async function listDeletedOrders(ctx: AppContext, query: z.output<typeof ordersPageQuerySchema>): Promise<DeletedOrdersPage> {
  const filter = ordersFilterOf(query);
  const [rows, { total, amountPaise }] = await Promise.all([
    adminRepo.deletedOrdersPage(ctx.db, filter, query.sort, query.pageSize, (query.page - 1) * query.pageSize),
    adminRepo.countDeletedOrders(ctx.db, filter),
  ]);
  return {
    orders: rows.map((row) => ({
      ...adminOrderOf(row),
      deletedAt: row.deleted_at?.toISOString() ?? null,
      deletedBy: row.deleted_by && row.deleted_by_name !== null ? { _id: row.deleted_by, name: row.deleted_by_name } : null,
      hasInvoice: Boolean(row.has_invoice),
      hasCreditNote: Boolean(row.has_credit_note),
    })),
    total,
    amountPaise,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/admin/orders/resources: what a manual order can be for, found by title, a page at a time. */
export async function searchResources(ctx: AppContext, query: z.output<typeof resourceSearchQuerySchema>): Promise<ResourceSearchPage> {
  const { items, total } = await adminRepo.resourcesByTitle(ctx.db, query.resourceType, query.search, query.pageSize, (query.page - 1) * query.pageSize);
  return {
    items: items.map((row) => ({ _id: row.id, title: row.title, isPublished: row.is_published, resourceType: query.resourceType })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

type ManualQuery = z.output<typeof manualOrderQuerySchema>;

async function review(db: Db, query: ManualQuery) {
  const mobile = indianMobile(query.phoneNumber);
  if (!mobile) throw new AppError('validation', PHONE_MESSAGE, { field: 'phoneNumber' });
  const user = await adminRepo.studentByPhone(db, mobile);
  if (!user) throw new AppError('validation', ORDER_MESSAGES.noStudent(mobile), { field: 'phoneNumber' });
  const resource = UUID_PATTERN.test(query.resourceId) ? await adminRepo.resourceForOrder(db, query.resourceType, query.resourceId.toLowerCase()) : undefined;
  if (!resource) throw new AppError('validation', ORDER_MESSAGES.resourceNotFound, { field: 'resourceId' });
  const termDays = TERM_DAYS[query.term as SubscriptionTerm];
  return { user, resource, termDays };
}

/** GET /api/subscriptions/manual/review: who gets what, before staff confirm. */
export async function reviewManualOrder(ctx: AppContext, query: ManualQuery): Promise<ManualOrderReview> {
  const { user, resource, termDays } = await review(ctx.db, query);
  return {
    user: { _id: user.id, name: user.name, phoneNumber: user.phone_number, emailAddress: user.email_address },
    resource: { _id: resource.id, title: resource.title, bannerImageId: resource.banner_image_id, resourceType: query.resourceType },
    term: query.term,
    termDays,
    amount: query.amount,
  };
}

/** The same manual order sent again this soon (a second click, a retry) answers the first. */
export const MANUAL_ORDER_REPEAT_SECONDS = 60;

/**
 * POST /api/order/manual: an order made by staff (createdBy admin) for a student found by phone,
 * paid at once for the amount given (GST included, 18%), granting access as a paid order does.
 * The order is made and paid in one transaction under a lock per student and resource, so the same
 * order sent several times at once makes exactly one order, one invoice and one term of access.
 */
export async function createManualOrder(ctx: RequestContext, query: ManualQuery): Promise<AdminOrder> {
  const actor = await ctx.actor();
  const by = await auditBy(ctx);
  const { user, resource, termDays } = await review(ctx.db, query);
  const card = resource.card_id ? await findCard(ctx.db, resource.card_id) : undefined;
  const net = toPaise(query.amount);
  const gross = Math.round((net * 100) / (100 + DEFAULT_GST_RATE));
  const orderId = await ctx.db.transaction().execute(async (trx) => {
    await adminRepo.lockManualOrders(trx, user.id, resource.id);
    const repeat = await adminRepo.recentManualOrder(
      trx,
      { userId: user.id, resourceId: resource.id, term: query.term, netPaise: net },
      MANUAL_ORDER_REPEAT_SECONDS,
    );
    if (repeat) return repeat.id;
    const order = await insertOrder(trx, {
      user_id: user.id,
      subscription_id: card?.id ?? null,
      title: card?.title ?? resource.title,
      subscription_term: query.term,
      term_days: termDays,
      resource_type: query.resourceType,
      resource_id: resource.id,
      resource_title: resource.title,
      gross_paise: gross,
      gst_rate: DEFAULT_GST_RATE,
      gst_paise: net - gross,
      net_paise: net,
      mode: 'manual',
      created_by: 'admin',
      created_by_user: actor?.id ?? null,
    });
    await fulfilOrderIn(trx, ctx.config, order.id, { paymentId: null, amount: null });
    const paid = (await lockOrder(trx, order.id))!;
    await recordAudit(trx, by, { ...orderChange('create', null, paid), title: `${orderTitle(paid)} for ${user.name}` });
    return order.id;
  });
  return adminOrderOf((await adminRepo.orderWithUser(ctx.db, orderId))!);
}

/** A refund staff asked for and Razorpay made. */
interface StaffRefund {
  order: OrderRow;
  amountPaise: number;
  razorpayRefundId: string;
  status: string;
}

/** The audit entry of a refund staff made (the payment's refund, not the order's fields: Razorpay may still be processing it). */
function refundEntry({ order, amountPaise, razorpayRefundId, status }: StaffRefund) {
  return {
    action: 'refund' as const,
    resourceType: 'order' as const,
    resourceId: order.id,
    title: orderTitle(order),
    changes: {
      refundPaise: { from: null, to: amountPaise },
      razorpayRefundId: { from: null, to: razorpayRefundId },
      refundStatus: { from: null, to: status },
    },
  };
}

/** Records a refund made whose delete was then refused, so that the money sent back is on the log. */
async function recordRefundAlone(ctx: RequestContext, by: AuditBy, refund: StaffRefund): Promise<void> {
  await ctx.db.transaction().execute((trx) => recordAudit(trx, by, refundEntry(refund)));
}

/**
 * Refunds a paid online order through Razorpay before it is deleted (staff ticked "Refund the
 * payment"): the one refund the product may ask for on the payment is claimed first, then Razorpay
 * is called with no connection held. When Razorpay refuses or does not answer, nothing is deleted.
 */
async function refundBeforeDelete(ctx: RequestContext, id: string, actorId: string | null): Promise<StaffRefund | null> {
  const order = UUID_PATTERN.test(id) ? await findOrder(ctx.db, id) : undefined;
  if (!order) throw new AppError('not-found', ORDER_MESSAGES.notFound);
  if (order.status === 'deleted') throw new AppError('conflict', ORDER_MESSAGES.alreadyDeleted);
  if (order.mode !== 'online' || !order.razorpay_payment_id || (order.status !== 'paid' && order.status !== 'refunded'))
    throw new AppError('validation', ORDER_MESSAGES.nothingToRefund, { field: 'refund' });
  const left = order.net_paise - order.refunded_paise;
  if (left <= 0) return null;
  const gateway = paymentGateway(ctx.config);
  if (!gateway) throw new AppError('not-configured', CHECKOUT_MESSAGES.paymentNotConfigured);
  const claimId = await ctx.db
    .transaction()
    .execute((trx) =>
      claimRefund(trx, { orderId: order.id, paymentId: order.razorpay_payment_id!, amount: left, reason: 'Order deleted by staff', requestedBy: actorId }),
    );
  // Already asked for (a second click, another tab): that refund stands, and the delete goes on.
  if (!claimId) return null;
  const sent = await sendClaimedRefund({ db: ctx.db, config: ctx.config, gateway }, claimId);
  if (sent && 'refund' in sent) return { order, amountPaise: left, razorpayRefundId: sent.refund.id, status: sent.refund.status };
  // Nothing was refunded: the claim goes, so that staff can try again (a refund Razorpay made after all reaches us by its webhook).
  await deleteUnsentClaim(ctx.db, claimId);
  if (sent && 'refused' in sent) throw new AppError('conflict', ORDER_MESSAGES.refundRefused(sent.refused.replace(/^Razorpay: /, '')));
  throw new AppError('unavailable', ORDER_MESSAGES.refundNoAnswer);
}

/**
 * DELETE /api/order/{id}[?refund=true]: the order is kept, marked deleted with who did it; the
 * access it gave is taken back (the grant revoked, or shortened by this order's term when a later
 * order extended it); its invoice is kept and a credit note cancels it; the coupon use and
 * redemption it counted are given back. With `refund`, a paid online order's payment is first
 * refunded through Razorpay. A payment that reaches a deleted order later is refunded automatically.
 */
export async function deleteOrder(ctx: RequestContext, { id, refund = false }: { id: string; refund?: boolean }): Promise<{ status: 'deleted' }> {
  const actor = await ctx.actor();
  const by = await auditBy(ctx);
  const refunded = refund ? await refundBeforeDelete(ctx, id, actor?.id ?? null) : null;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, id);
      if (!order) throw new AppError('not-found', ORDER_MESSAGES.notFound);
      if (order.status === 'deleted') throw new AppError('conflict', ORDER_MESSAGES.alreadyDeleted);
      // A refund in full (applied just before) already took the access and the coupon back.
      if (order.status === 'paid') await takeBackGrant(trx, order);
      const creditNote = await issueCreditNote(trx, ctx.config, { orderId: order.id, reason: 'Order deleted' });
      if (order.coupon_id && order.coupon_held) await giveBackCouponUse(trx, order.coupon_id, order.status === 'paid');
      await markOrderDeleted(trx, order.id, actor?.id ?? null);
      const deleted = (await lockOrder(trx, order.id))!;
      const entry = orderChange('delete', order, deleted);
      if (creditNote) entry.changes = { ...entry.changes, creditNote: { from: null, to: creditNote.number } };
      await recordAudit(trx, by, refunded ? [refundEntry(refunded), entry] : entry);
    });
  } catch (error) {
    if (refunded) await recordRefundAlone(ctx, by, refunded);
    throw error;
  }
  return { status: 'deleted' };
}

/** GET /api/admin/orders/{id}/invoice and /credit-note: the order's document as a PDF. */
export async function orderDocumentPdf(
  ctx: AppContext,
  { id, kind }: { id: string; kind: 'invoice' | 'credit-note' },
): Promise<{ fileName: string; pdf: Buffer }> {
  const document = await findDocument(ctx.db, id, kind);
  if (!document) throw new AppError('not-found', kind === 'invoice' ? CHECKOUT_MESSAGES.noInvoice : CHECKOUT_MESSAGES.noCreditNote);
  return { fileName: `${document.number.replaceAll('/', '-')}.pdf`, pdf: await invoicePdf(document) };
}
