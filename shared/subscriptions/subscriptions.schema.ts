import { z } from '../validation/zod.ts';
import { saveInputSchema } from '../editing/versions.ts';
import { savedRecordFields } from '../editing/record-fields.ts';
import { titleSchema } from '../validation/fields.ts';
import { FREE_MODES, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_MODES, SUBSCRIPTION_TERMS } from './subscription.constants.ts';

const title = titleSchema(SUBSCRIPTION_MESSAGES.titleRequired);
const amount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite({ error: `${label} must be a number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(10_000_000, { error: `${label} is too large` })
    .multipleOf(0.01, { error: `${label} takes at most 2 decimals` });

export const createSubscriptionInputSchema = z.object({ title });

/** What the editor saves (PUT /api/admin/subscriptions/{id} {value}); attachedResources is not saved. */
export const subscriptionValueSchema = z.object({
  title,
  subscriptionTerm: z.enum(SUBSCRIPTION_TERMS).default('not-selected'),
  grossAmount: amount('Gross amount').default(0),
  gstRate: amount('GST rate').max(100, { error: 'GST rate cannot be above 100' }).default(18),
  gstAmount: amount('GST amount').default(0),
  netAmount: amount('Nett amount').default(0),
  isFree: z.boolean().default(false),
  freeMode: z.enum(FREE_MODES).default('none'),
  compareAtPrice: amount('Compare-at price').nullable().default(null),
  discountRatePromoLabel: z.string().trim().max(100).default(''),
  mode: z.enum(SUBSCRIPTION_MODES).default('default'),
  resourceTags: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
});
export type SubscriptionValue = z.output<typeof subscriptionValueSchema>;
export type SubscriptionValueInput = z.input<typeof subscriptionValueSchema>;

export const saveSubscriptionInputSchema = saveInputSchema(subscriptionValueSchema.passthrough());

export const attachedResourcesSchema = z.object({
  courses: z.array(z.object({ _id: z.string(), title: z.string(), category: z.string().nullable(), tags: z.array(z.string()) })),
  lectures: z.array(z.object({ _id: z.string(), title: z.string(), videoDurationInMinutes: z.number().nullable() })),
  exams: z.array(z.object({ _id: z.string(), title: z.string(), examDurationInMinutes: z.number(), publishDateTimeInMs: z.number().nullable() })),
  rankFiles: z.array(z.object({ _id: z.string(), title: z.string(), groups: z.number() })),
});
export type AttachedResources = z.infer<typeof attachedResourcesSchema>;

export const subscriptionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  subscriptionTerm: z.enum(SUBSCRIPTION_TERMS),
  grossAmount: z.number(),
  gstRate: z.number(),
  gstAmount: z.number(),
  netAmount: z.number(),
  isFree: z.boolean(),
  freeMode: z.enum(FREE_MODES),
  compareAtPrice: z.number().nullable(),
  discountRatePromoLabel: z.string(),
  mode: z.enum(SUBSCRIPTION_MODES),
  resourceTags: z.array(z.string()),
  ...savedRecordFields,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionDetailSchema = subscriptionSchema.extend({ attachedResources: attachedResourcesSchema });
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;
