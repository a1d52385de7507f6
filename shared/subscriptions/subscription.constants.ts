/** Rate-card constants: GST rates, durations and the messages of the rate-card screens. */
export const SUBSCRIPTION_TERMS = [
  '12-months',
  '6-months',
  '4-months',
  '3-months',
  '2-months',
  '45-days',
  '1-month',
  '15-days',
  '10-days',
  '8-days',
  '6-days',
  '5-days',
  '4-days',
  '3-days',
  '2-days',
  '1-days',
  'not-selected',
] as const;
export type SubscriptionTerm = (typeof SUBSCRIPTION_TERMS)[number];

/** Days of access each term gives; not-selected gives none until a term is chosen. */
export const TERM_DAYS: Readonly<Record<SubscriptionTerm, number>> = {
  '12-months': 365,
  '6-months': 180,
  '4-months': 120,
  '3-months': 90,
  '2-months': 60,
  '45-days': 45,
  '1-month': 30,
  '15-days': 15,
  '10-days': 10,
  '8-days': 8,
  '6-days': 6,
  '5-days': 5,
  '4-days': 4,
  '3-days': 3,
  '2-days': 2,
  '1-days': 1,
  'not-selected': 0,
};

export const FREE_MODES = ['none', 'lakshya-students'] as const;
export const SUBSCRIPTION_MODES = ['default', 'tag-based'] as const;
export const DEFAULT_GST_RATE = 18;
export const NUMBER_STEP = 0.01;

export const SUBSCRIPTION_MESSAGES = {
  titleRequired: 'Please provide a subscription title',
  notFound: 'Subscription not found',
  noResources: 'Data not available. Contact support.',
  inUse: 'This rate card is still used: detach it from these first',
} as const;
