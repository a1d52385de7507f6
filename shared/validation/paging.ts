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

/** The student apps' one paging: `page` from 1 (1 when left out), `pageSize` rows a page. */
export const STUDENT_PAGE_SIZE = 20;
export const STUDENT_MAX_PAGE_SIZE = 100;

/** The query of a student list: `page` and `pageSize` (`usual` when left out, a list's own fixed size where it has one; at most `max`). */
export function studentPageQuerySchema(usual: number = STUDENT_PAGE_SIZE, max: number = STUDENT_MAX_PAGE_SIZE) {
  return z.object({ page: pageNumberSchema(PAGE_NUMBER_MESSAGE), pageSize: pageSizeSchema(max, usual) });
}
export interface StudentPageQuery {
  page: number;
  pageSize: number;
}

/** The rows to skip and to read for a page: one more than the page holds, so the extra row says `hasMore`. */
export function pageWindow({ page, pageSize }: StudentPageQuery): { offset: number; limit: number } {
  return { offset: (page - 1) * pageSize, limit: pageSize + 1 };
}

const pageNumbers = { page: z.int().min(1), pageSize: z.int().min(1), hasMore: z.boolean().describe('Whether a next page holds more') };

/** A page of a student list: `{ items, page, pageSize, hasMore }`; with `total` (the whole list's count) when `withTotal`. */
export function studentPageSchema<Item extends z.ZodType>(
  item: Item,
  options: { withTotal: true },
): z.ZodObject<{ items: z.ZodArray<Item>; page: z.ZodInt; pageSize: z.ZodInt; hasMore: z.ZodBoolean; total: z.ZodInt }>;
export function studentPageSchema<Item extends z.ZodType>(
  item: Item,
  options: { withTotal: false },
): z.ZodObject<{ items: z.ZodArray<Item>; page: z.ZodInt; pageSize: z.ZodInt; hasMore: z.ZodBoolean }>;
export function studentPageSchema<Item extends z.ZodType>(item: Item, { withTotal }: { withTotal: boolean }) {
  const page = z.object({ items: z.array(item), ...pageNumbers });
  return withTotal ? page.extend({ total: z.int().min(0).describe("The whole list's count") }) : page;
}

/** A page from rows read with `pageWindow` (one row past the page when more follow). */
export function pageOfRows<Item>(rows: Item[], { page, pageSize }: StudentPageQuery): { items: Item[]; page: number; pageSize: number; hasMore: boolean } {
  return { items: rows.slice(0, pageSize), page, pageSize, hasMore: rows.length > pageSize };
}

/** A page of a list whose whole count is known. */
export function pageOfTotal<Item>(items: Item[], { page, pageSize }: StudentPageQuery, total: number) {
  return { items, page, pageSize, hasMore: page * pageSize < total, total };
}

/** A page cut from a whole list held in memory (a bounded list), with its total. */
export function pageOfList<Item>(list: readonly Item[], query: StudentPageQuery) {
  const start = (query.page - 1) * query.pageSize;
  return pageOfTotal(list.slice(start, start + query.pageSize), query, list.length);
}
