import type { AuditRecord } from '../audit/audit-writer.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import type { OrderRow } from './orders.repository.ts';

/** What staff call an order in the audit log: what it is for. */
export const orderTitle = (order: Pick<OrderRow, 'resource_title' | 'title'>) => order.resource_title ?? order.title;

/** An order's fields as its audit entries compare them (amounts in paise). */
export function orderAuditFields(order: OrderRow) {
  return {
    status: order.status,
    mode: order.mode,
    studentId: order.user_id,
    resourceType: order.resource_type,
    resourceId: order.resource_id,
    resourceTitle: order.resource_title,
    subscriptionTerm: order.subscription_term,
    netPaise: order.net_paise,
    refundedPaise: order.refunded_paise,
    couponCode: order.coupon_code,
  };
}

/** The entry of a staff change to an order, from the order before and after it. */
export function orderChange(action: AuditRecord['action'], before: OrderRow | null, after: OrderRow): AuditRecord {
  return {
    action,
    resourceType: 'order',
    resourceId: after.id,
    title: orderTitle(after),
    changes: changedFields(before && orderAuditFields(before), orderAuditFields(after)),
  };
}
