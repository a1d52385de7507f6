import { z } from './zod.ts';

/**
 * A whole number read from a query string (where everything arrives as text), from `min` to `max`.
 * Every failure is answered with the one `message`, except a number past `max`, answered with `tooLarge`.
 */
export function queryWholeNumberSchema(message: string, min: number, max: number, tooLarge = message) {
  return z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: tooLarge });
}

export const PAGE_NUMBER_MESSAGE = 'page is a whole number from 1';

/** The page asked for, from 1 (the first page when left out). */
export function pageNumberSchema(tooLarge: string) {
  return queryWholeNumberSchema(PAGE_NUMBER_MESSAGE, 1, 100_000, tooLarge).default(1);
}

/** The rows one page holds: from 1 to `max`, `usual` when left out. */
export function pageSizeSchema(max: number, usual: number) {
  return queryWholeNumberSchema(`pageSize is a whole number from 1 to ${max}`, 1, max).default(usual);
}

/** The paging an answer carries back: the page it is and the rows a page holds. */
export const pageFields = { page: z.number(), pageSize: z.number() };

/** A page of a list, under the list's own name (`items`, `orders`, …), with the whole list's count and the paging asked for. */
export function pagedListSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  const list = { [key]: z.array(item) } as Record<Key, z.ZodArray<Item>>;
  return z.object({ ...list, total: z.number(), ...pageFields });
}
