import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import type { OrderSortColumn } from '../../shared/commerce/orders.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';
import { paidOrdersQuery, type OrdersFilter } from './admin-orders.repository.ts';
import { ordersFilterOf } from './admin-orders.service.ts';

type PaidOrderRow = Awaited<ReturnType<ReturnType<typeof paidOrdersQuery>['execute']>>[number];

/** The columns of the paid orders export, in the list's order of facts. */
export const PAID_ORDER_COLUMNS: ReadonlyArray<ExportColumn<PaidOrderRow>> = [
  { header: 'Order id', kind: 'text', value: (row) => row.id },
  { header: 'Paid at (India time)', kind: 'date', value: (row) => row.paid_at },
  { header: 'Created at (India time)', kind: 'date', value: (row) => row.created_at },
  { header: 'Student', kind: 'text', value: (row) => row.user_name },
  { header: 'Phone number', kind: 'text', value: (row) => row.user_phone },
  { header: 'E-mail address', kind: 'text', value: (row) => row.user_email },
  { header: 'Title', kind: 'text', value: (row) => row.title },
  { header: 'Resource type', kind: 'text', value: (row) => row.resource_type },
  { header: 'Resource', kind: 'text', value: (row) => row.resource_title },
  { header: 'Term', kind: 'text', value: (row) => row.subscription_term },
  { header: 'Mode', kind: 'text', value: (row) => row.mode },
  { header: 'Created by', kind: 'text', value: (row) => row.created_by },
  { header: 'Coupon', kind: 'text', value: (row) => row.coupon_code },
  { header: 'Taxable value (₹)', kind: 'money', value: (row) => row.gross_paise },
  { header: 'GST rate (%)', kind: 'count', value: (row) => row.gst_rate },
  { header: 'GST (₹)', kind: 'money', value: (row) => row.gst_paise },
  { header: 'Amount paid (₹)', kind: 'money', value: (row) => row.net_paise },
  { header: 'Refunded (₹)', kind: 'money', value: (row) => row.refunded_paise },
  { header: 'Razorpay payment id', kind: 'text', value: (row) => row.razorpay_payment_id ?? row.razorpay_order_id },
];

/** GET /api/admin/orders/export.csv and .xlsx: the paid orders the filters show, in the list's order (its `sort`), as the list shows them. */
export async function exportPaidOrders(ctx: RequestContext, query: OrdersFilter & { sort: SortParam<OrderSortColumn> }): Promise<ExportFile<PaidOrderRow>> {
  return {
    name: 'orders',
    sheet: 'Orders',
    columns: PAID_ORDER_COLUMNS,
    batches: await openRowCursor(ctx.db, paidOrdersQuery(ctx.db, ordersFilterOf(query), query.sort)),
  };
}
