import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { PaidOrderRow } from './orders-export.ts';

// Loaded by the export worker (export-worker.ts): this module imports nothing but types.

/** The columns of the paid orders export, in the list's order of facts. */
const PAID_ORDER_COLUMNS: ReadonlyArray<ExportColumn<PaidOrderRow>> = [
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

export default PAID_ORDER_COLUMNS;
