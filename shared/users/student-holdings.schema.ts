import { z } from 'zod';
import { pagedListSchema, queryWholeNumberSchema } from '../validation/paging.ts';

/** Grants and orders in a student's details come a page at a time. */
export const HOLDINGS_PAGE_SIZE = 20;

export const holdingsQuerySchema = z.object({
  page: queryWholeNumberSchema('Page: a whole number from 1', 1, 10_000, 'Page: at most 10000').default(1),
});
export const holdingsInputSchema = holdingsQuerySchema.extend({ id: z.uuid({ error: 'This account does not exist' }) });

/** Where a grant came from, as the details sheet names it. */
export const GRANT_SOURCE_LABELS = {
  order: 'Order',
  'manual-order': 'Manual order (by staff)',
  'free-order': 'Free order',
  coupon: 'Order with coupon',
  manual: 'Given by staff',
  lakshya: 'Special student (Lakshya)',
  other: 'Other',
} as const;
export type GrantSource = keyof typeof GRANT_SOURCE_LABELS;

export const grantStateSchema = z.enum(['active', 'scheduled', 'expired', 'revoked']);

export const studentGrantSchema = z.object({
  _id: z.string(),
  /** The rate card's or the resource's title. */
  title: z.string(),
  /** What it opens: a rate card (everything sold under it) or one course, exam, lecture or rank file. */
  kind: z.enum(['rate-card', 'course', 'exam', 'lecture', 'rankfile']),
  source: z.enum(Object.keys(GRANT_SOURCE_LABELS) as [GrantSource, ...GrantSource[]]),
  orderId: z.string().nullable(),
  couponCode: z.string().nullable(),
  startsAt: z.string(),
  expiresAt: z.string().nullable(),
  state: grantStateSchema,
});
export type StudentGrant = z.infer<typeof studentGrantSchema>;

export const studentOrderSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  title: z.string(),
  subscriptionTerm: z.string(),
  /** Rupees, as the orders list shows them. */
  netAmount: z.number(),
  status: z.string(),
  mode: z.enum(['online', 'manual', 'free']),
  couponCode: z.string().nullable(),
  razorPayId: z.string().nullable(),
  /** The GST invoice's number (its PDF is at /api/admin/orders/{id}/invoice), or null when none was issued. */
  invoiceNumber: z.string().nullable(),
});
export type StudentOrder = z.infer<typeof studentOrderSchema>;

export const studentGrantsPageSchema = pagedListSchema('grants', studentGrantSchema);
export const studentOrdersPageSchema = pagedListSchema('orders', studentOrderSchema);
export type StudentGrantsPage = z.infer<typeof studentGrantsPageSchema>;
export type StudentOrdersPage = z.infer<typeof studentOrdersPageSchema>;
