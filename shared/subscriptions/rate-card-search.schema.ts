import { z } from '../validation/zod.ts';
import { pagedListSchema, pageNumberSchema, pageSizeSchema } from '../validation/paging.ts';
import { subscriptionSchema } from './subscriptions.schema.ts';

/** Rows per page of the rate-card picker. */
export const RATE_CARD_PAGE_SIZE = 5;
export const RATE_CARD_MAX_PAGE_SIZE = 50;
/** How many rate cards can be asked for by id at once (a course carries at most 50 extra ones and its default). */
export const RATE_CARD_MAX_IDS = 60;

const idsMessage = `ids are up to ${RATE_CARD_MAX_IDS} rate card ids, separated by commas`;

/** GET /api/admin/subscriptions/search: rate cards by title, a page at a time, or the ones with these ids. */
export const rateCardSearchQuerySchema = z.object({
  /** Words that must all appear in the title, in any case. */
  search: z.string({ error: 'search is text of at most 200 characters' }).trim().max(200, { error: 'search is text of at most 200 characters' }).optional(),
  /** Only these rate cards (e.g. the ones a course carries, to show their titles); a list or text separated by commas. */
  ids: z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean)
          : value,
      z.array(z.uuid({ error: idsMessage }), { error: idsMessage }).max(RATE_CARD_MAX_IDS, { error: idsMessage }),
    )
    .optional(),
  page: pageNumberSchema('page is a whole number from 1 to 100000'),
  pageSize: pageSizeSchema(RATE_CARD_MAX_PAGE_SIZE, RATE_CARD_PAGE_SIZE),
});
export type RateCardSearchQuery = z.input<typeof rateCardSearchQuerySchema>;

/** A rate card as the picker lists it. */
export const rateCardOptionSchema = subscriptionSchema.pick({ _id: true, title: true, subscriptionTerm: true, netAmount: true, isFree: true });
export type RateCardOption = z.infer<typeof rateCardOptionSchema>;

export const rateCardSearchPageSchema = pagedListSchema('items', rateCardOptionSchema);
export type RateCardSearchPage = z.infer<typeof rateCardSearchPageSchema>;
