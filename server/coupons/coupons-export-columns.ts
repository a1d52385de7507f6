import { COUPON_TARGET_LABELS } from '../../shared/commerce/coupon-list.rules.ts';
import { DISCOUNT_TYPE_LABELS } from '../../shared/commerce/coupons.schema.ts';
import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { CouponRow } from './coupons-export.ts';

// Loaded by the export worker (server/exports/export-worker.ts): it imports only types and shared labels.

/** What a coupon applies to, as one cell: "All", or each target's kind and title ("Course: LDC 2026; Exam: Mock 1"). */
function appliesToText(row: CouponRow): string {
  if (row.applies_to.length === 0) return 'All';
  return row.applies_to.map((target) => `${COUPON_TARGET_LABELS[target.type].one}: ${target.title ?? 'deleted since'}`).join('; ');
}

/**
 * The columns of the coupons export: the Coupons table's, its value split into a rate and an amount
 * so that each is a number. A rate is kept in hundredths of a percent, so it is written as exactly as money is.
 */
const COUPON_COLUMNS: ReadonlyArray<ExportColumn<CouponRow>> = [
  { header: 'Coupon code', kind: 'text', value: (row) => row.code },
  { header: 'Min. order (₹, empty: no minimum)', kind: 'money', value: (row) => row.min_order_paise },
  { header: 'Type', kind: 'text', value: (row) => DISCOUNT_TYPE_LABELS[row.discount_type] },
  { header: 'Rate (%)', kind: 'money', value: (row) => (row.discount_type === 'rate' ? row.value_hundredths : null) },
  { header: 'Amount (₹)', kind: 'money', value: (row) => (row.discount_type === 'amount' ? row.value_hundredths : null) },
  { header: 'Impressions', kind: 'count', value: (row) => row.impressions },
  { header: 'Redemptions', kind: 'count', value: (row) => row.redemptions },
  { header: 'Is active', kind: 'text', value: (row) => (row.is_active ? 'yes' : 'no') },
  { header: 'Uses', kind: 'count', value: (row) => row.uses },
  { header: 'Usage limit (empty: none)', kind: 'count', value: (row) => row.usage_limit },
  { header: 'Per student (empty: no limit)', kind: 'count', value: (row) => row.per_student_limit },
  { header: 'Valid from (India time)', kind: 'date', value: (row) => row.valid_from },
  { header: 'Valid until (India time)', kind: 'date', value: (row) => row.valid_until },
  { header: 'Applies to', kind: 'text', value: appliesToText },
  { header: 'Created at (India time)', kind: 'date', value: (row) => row.created_at },
  { header: 'Coupon id', kind: 'text', value: (row) => row.id },
];

export default COUPON_COLUMNS;
