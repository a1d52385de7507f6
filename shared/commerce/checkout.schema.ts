import { z } from '../validation/zod.ts';
import { INDIAN_STATES } from './invoice.rules.ts';
import { utcDateTimeSchema } from '../validation/date-time.ts';

export const RESOURCE_TYPES = ['course', 'exam', 'lecture', 'rankfile'] as const;

export const CHECKOUT_MESSAGES = {
  nothingChosen: 'Choose what to buy: a rate card, or a course, exam, lecture or rank file',
  resourcePair: 'Send resourceType and resourceId together',
  notFound: 'Not found: it may have been removed or not published yet',
  notForSale: 'This is not for sale: it has no rate card',
  cardNotOffered: 'This rate card is not offered for it',
  free: 'This is free: open it without buying',
  noTerm: 'This rate card has no term yet, so it cannot be bought',
  noPrice: 'This rate card has no price yet, so it cannot be bought',
  couponInvalid: 'This coupon code is not valid',
  paymentNotConfigured: 'Online payment is not configured',
  paymentUnavailable: 'The payment service did not answer. Please try again in a minute.',
  orderNotFound: 'Order not found',
  badSignature: 'The payment could not be verified',
  paymentMismatch: 'This payment is not for this order or not for its amount: nothing was given',
  orderNotPayable: 'This order can no longer be paid',
  noInvoice: 'This order has no invoice (nothing was paid for it)',
  noCreditNote: 'This order has no credit note (it was not deleted after an invoice)',
} as const;

const uuid = (message: string) => z.uuid({ error: message });

/** What the student wants to buy: a rate card, or a resource (with, for a course, one of its rate cards). */
export const checkoutInputSchema = z
  .object({
    subscriptionId: uuid(CHECKOUT_MESSAGES.notFound).optional(),
    resourceType: z.enum(RESOURCE_TYPES, { error: 'resourceType is course, exam, lecture or rankfile' }).optional(),
    resourceId: uuid(CHECKOUT_MESSAGES.notFound).optional(),
    couponCode: z
      .string()
      .trim()
      .max(40, { error: CHECKOUT_MESSAGES.couponInvalid })
      .optional()
      .transform((code) => (code ? code : undefined)),
    /** The buyer's state, the place of supply on the GST invoice; the seller's state when left out. */
    billingState: z.enum(INDIAN_STATES, { error: 'billingState is a state or union territory of India, e.g. Kerala' }).optional(),
  })
  .superRefine((input, context) => {
    if ((input.resourceType === undefined) !== (input.resourceId === undefined)) {
      context.addIssue({ code: 'custom', path: [input.resourceType === undefined ? 'resourceType' : 'resourceId'], message: CHECKOUT_MESSAGES.resourcePair });
    } else if (input.resourceType === undefined && input.subscriptionId === undefined) {
      context.addIssue({ code: 'custom', path: ['subscriptionId'], message: CHECKOUT_MESSAGES.nothingChosen });
    }
  });
export type CheckoutInput = z.input<typeof checkoutInputSchema>;

/** The course, exam, lecture or rank file a quote or an order is for; null for a rate card bought as such. */
export const orderedResourceFields = {
  resourceType: z.enum(RESOURCE_TYPES).nullable(),
  resourceId: z.string().nullable(),
  resourceTitle: z.string().nullable(),
};

/** A whole amount of paise (₹1 = 100 paise). */
const paise = (what: string) => z.int().min(0).describe(`${what}, in paise`);

/** Every amount in whole paise (₹1 = 100 paise), as Razorpay counts them; the server computed each one. */
export const quoteSchema = z.object({
  title: z.string(),
  subscriptionId: z.string(),
  subscriptionTerm: z.string(),
  termDays: z.number(),
  ...orderedResourceFields,
  currency: z.literal('INR'),
  grossPaise: paise('The price before the coupon and GST'),
  discountPaise: paise("The coupon's discount"),
  discountRate: z.number().describe("The coupon's percentage (0 without one)"),
  gstRate: z.number().describe('The GST percentage of the rate card'),
  gstPaise: paise('The GST charged'),
  netPaise: paise('What the student pays'),
  couponCode: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const ORDER_STATUSES = ['created', 'attempted', 'paid', 'failed', 'expired', 'cancelled', 'refunded', 'deleted'] as const;

export const studentOrderSchema = quoteSchema.extend({
  _id: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: utcDateTimeSchema,
  paidAt: utcDateTimeSchema.nullable(),
  /** When the access this order gave ends (after any extension by a later order). */
  accessEndsAt: utcDateTimeSchema.nullable(),
});
export type StudentOrder = z.infer<typeof studentOrderSchema>;

/** A new order: pay it with Razorpay Checkout using `payment`, or nothing to pay (a coupon made it free). */
export const createdOrderSchema = studentOrderSchema.extend({
  payment: z
    .object({
      provider: z.literal('razorpay'),
      keyId: z.string(),
      razorpayOrderId: z.string(),
      /** In paise, as Razorpay Checkout takes it (its `amount`). */
      amountPaise: paise('The amount to hand Razorpay Checkout'),
      currency: z.literal('INR'),
    })
    .nullable(),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** What Razorpay Checkout hands the app after a payment, sent on as it is. */
export const verifyPaymentInputSchema = z.object({
  razorpay_order_id: z.string().trim().min(1).max(64),
  razorpay_payment_id: z.string().trim().min(1).max(64),
  razorpay_signature: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/i, { error: CHECKOUT_MESSAGES.badSignature }),
});
