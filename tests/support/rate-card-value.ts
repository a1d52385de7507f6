import type { SubscriptionValue } from '../../shared/subscriptions/subscriptions.schema.ts';

/** The price and audience of a paid 12-month rate card as the console edits it: ₹1,000 + 18% GST, sold to everyone. */
export const PAID_TWELVE_MONTHS = {
  subscriptionTerm: '12-months',
  grossAmount: 1000,
  gstRate: 18,
  gstAmount: 180,
  netAmount: 1180,
  isFree: false,
  freeMode: 'none',
} satisfies Partial<SubscriptionValue>;
