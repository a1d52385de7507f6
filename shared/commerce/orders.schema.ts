import { z } from '../validation/zod.ts';
import { pagedListSchema, pageNumberSchema, pageSizeSchema } from '../validation/paging.ts';
import { sortSchema } from '../validation/sorting.ts';
import { SUBSCRIPTION_TERMS } from '../subscriptions/subscription.constants.ts';
import { ORDER_STATUSES, orderedResourceFields, RESOURCE_TYPES } from './checkout.schema.ts';

export const ORDER_MESSAGES = {
  phoneRequired: 'Phone number is required',
  resourceRequired: 'Resource ID is required',
  termRequired: 'Please choose a subscription term',
  noStudent: (phone: string) => `No student has the phone number ${phone}`,
  resourceNotFound: 'No resource of that type has this ID',
  amountInvalid: 'The amount is a number of rupees from 0, with at most 2 decimals',
  notFound: 'Order not found',
  alreadyDeleted: 'This order was already deleted',
  nothingToRefund: 'Only an order paid online with Razorpay can be refunded: delete it without a refund',
  refundNoAnswer: 'Razorpay did not answer, so nothing was refunded and the order was not deleted. Please try again in a minute.',
  refundRefused: (reason: string) => `Razorpay refused the refund (${reason}), so the order was not deleted`,
  toBeforeFrom: 'to is a day on or after from',
} as const;

export const ORDER_MODES = ['online', 'manual', 'free'] as const;
export const ORDERS_PAGE_SIZE = 100;

/** A row of the console's Orders (Completed) table. */
export const adminOrderSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** 'admin' for an order made by hand. */
  createdBy: z.enum(['student', 'admin']),
  mode: z.enum(ORDER_MODES),
  discountCouponCode: z.string().nullable(),
  userInfo: z.object({ _id: z.string(), name: z.string(), phoneNumber: z.string().nullable(), emailAddress: z.string().nullable() }),
  subscriptionId: z.string().nullable(),
  title: z.string(),
  subscriptionTerm: z.string(),
  /** Rupees. */
  netAmount: z.number(),
  /** Rupees refunded through Razorpay so far (a partial refund leaves the order paid). */
  refundedAmount: z.number(),
  ...orderedResourceFields,
  razorPayId: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** The columns the orders lists sort by: `date` is when it was paid (completed) or deleted (deleted orders); `amount` the amount paid. */
export const ORDER_SORT_COLUMNS = ['date', 'mode', 'coupon', 'title', 'amount'] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];
export const ORDERS_USUAL_SORT = '-date';

const indiaDay = (field: 'from' | 'to') => z.iso.date({ error: `${field} is a date, YYYY-MM-DD` }).optional();

/** The filters of the orders lists and their export. */
const ordersFilterFields = z.object({
  /** Words found in the customer's name, phone or e-mail, the title, the coupon code or the payment id. */
  search: z.string().trim().max(200).optional(),
  mode: z.enum(ORDER_MODES, { error: 'mode is online, manual or free' }).optional(),
  resourceType: z.enum(RESOURCE_TYPES, { error: 'resourceType is course, exam, lecture or rankfile' }).optional(),
  /** The first India day (YYYY-MM-DD) of the list's date, inclusive: paid (completed) or deleted (deleted orders). */
  from: indiaDay('from'),
  /** The last India day (YYYY-MM-DD), inclusive. */
  to: indiaDay('to'),
  sort: sortSchema(ORDER_SORT_COLUMNS, ORDERS_USUAL_SORT),
});

/** A range whose last day comes before its first is refused, naming `to`. */
function fromNotAfterTo(range: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) {
  if (range.from && range.to && range.to < range.from) context.addIssue({ code: 'custom', path: ['to'], message: ORDER_MESSAGES.toBeforeFrom });
}

/** GET /api/admin/orders/completed: a page of paid orders, newest first, filtered by the server. */
export const ordersPageQuerySchema = ordersFilterFields
  .extend({
    page: z.coerce.number({ error: 'page is a whole number from 1' }).int({ error: 'page is a whole number from 1' }).min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number({ error: `pageSize is a whole number from 1 to ${ORDERS_PAGE_SIZE}` })
      .int()
      .min(1)
      .max(ORDERS_PAGE_SIZE)
      .default(ORDERS_PAGE_SIZE),
  })
  .superRefine(fromNotAfterTo);

/** The filters of an orders export: the list's, without paging (an export holds every page). */
export const ordersExportQuerySchema = ordersFilterFields.superRefine(fromNotAfterTo);
export type OrdersPageQuery = z.input<typeof ordersPageQuerySchema>;

/** The orders every page of a list holds, counted and summed by the server: `amountPaise` is what they paid, in paise. */
const filteredTotal = { total: z.number(), amountPaise: z.int().describe('The sum paid by every order the filters keep, in paise') };

export const ordersPageSchema = pagedListSchema('orders', adminOrderSchema).extend(filteredTotal);
export type OrdersPage = z.infer<typeof ordersPageSchema>;

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

/** The manual order's query (GET /api/subscriptions/manual/review and POST /api/order/manual). */
export const manualOrderQuerySchema = z.object({
  phoneNumber: requiredText(ORDER_MESSAGES.phoneRequired, 40),
  resourceId: requiredText(ORDER_MESSAGES.resourceRequired, 100),
  resourceType: z.enum(RESOURCE_TYPES, { error: 'resourceType is course, exam, lecture or rankfile' }),
  term: z.enum(SUBSCRIPTION_TERMS.filter((term) => term !== 'not-selected') as [string, ...string[]], { error: ORDER_MESSAGES.termRequired }),
  // Optional in the input (the document shows it so): left out or empty, it is 0.
  amount: z
    .union([z.number(), z.string()], { error: ORDER_MESSAGES.amountInvalid })
    .optional()
    .transform((value) => (value === undefined || value === '' ? 0 : typeof value === 'string' ? Number(value) : value))
    .pipe(
      z
        .number({ error: ORDER_MESSAGES.amountInvalid })
        .refine((value) => Number.isFinite(value) && value >= 0 && value <= 10_000_000 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
          error: ORDER_MESSAGES.amountInvalid,
        }),
    ),
});
export type ManualOrderQuery = z.input<typeof manualOrderQuerySchema>;

export const manualOrderReviewSchema = z.object({
  user: z.object({ _id: z.string(), name: z.string(), phoneNumber: z.string().nullable(), emailAddress: z.string().nullable() }),
  resource: z.object({ _id: z.string(), title: z.string(), bannerImageId: z.string().nullable(), resourceType: z.enum(RESOURCE_TYPES) }),
  term: z.string(),
  termDays: z.number(),
  amount: z.number(),
});
export type ManualOrderReview = z.infer<typeof manualOrderReviewSchema>;

/** Rows per page of the pickers that search by title on the server. */
export const TITLE_SEARCH_PAGE_SIZE = 5;
export const TITLE_SEARCH_MAX_PAGE_SIZE = 50;

/** GET /api/admin/orders/resources: courses, exams, lectures or rank files whose title holds the words. */
export const resourceSearchQuerySchema = z.object({
  resourceType: z.enum(RESOURCE_TYPES, { error: 'resourceType is course, exam, lecture or rankfile' }),
  /** Words that must all appear in the title, in any case. */
  search: z.string({ error: 'search is text of at most 200 characters' }).trim().max(200, { error: 'search is text of at most 200 characters' }).optional(),
  page: pageNumberSchema('page is a whole number from 1 to 100000'),
  pageSize: pageSizeSchema(TITLE_SEARCH_MAX_PAGE_SIZE, TITLE_SEARCH_PAGE_SIZE),
});
export type ResourceSearchQuery = z.input<typeof resourceSearchQuerySchema>;

export const resourceOptionSchema = z.object({ _id: z.string(), title: z.string(), isPublished: z.boolean(), resourceType: z.enum(RESOURCE_TYPES) });
export type ResourceOption = z.infer<typeof resourceOptionSchema>;
export const resourceSearchPageSchema = pagedListSchema('items', resourceOptionSchema);
export type ResourceSearchPage = z.infer<typeof resourceSearchPageSchema>;

/** A deleted order: the order as it was, with when and by whom it was deleted and the documents it has. */
export const deletedOrderSchema = adminOrderSchema.extend({
  deletedAt: z.string().nullable(),
  /** Null when not recorded (the staff account removed since, or deleted before it was recorded). */
  deletedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  hasInvoice: z.boolean(),
  hasCreditNote: z.boolean(),
});
export type DeletedOrder = z.infer<typeof deletedOrderSchema>;

/** GET /api/admin/orders/deleted: a page of deleted orders, newest deletion first, filtered by the server. */
export const deletedOrdersPageSchema = pagedListSchema('orders', deletedOrderSchema).extend(filteredTotal);
export type DeletedOrdersPage = z.infer<typeof deletedOrdersPageSchema>;
