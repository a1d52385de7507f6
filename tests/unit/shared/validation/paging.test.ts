import { describe, expect, it } from 'vitest';
import { z } from '../../../../shared/validation/zod.ts';
import { pagedListSchema, pageNumberSchema, pageSizeSchema, queryWholeNumberSchema } from '../../../../shared/validation/paging.ts';

const messages = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues.map((issue) => issue.message);

describe('query numbers', () => {
  it('read text as a whole number and answer every failure with the one message, past the largest with its own', () => {
    const schema = queryWholeNumberSchema('from is a day number', -1000, 100_000, 'from is too far');
    expect(schema.parse('-3')).toBe(-3);
    for (const input of ['x', '1.5', '-1001']) expect(messages(schema, input), input).toEqual(['from is a day number']);
    expect(messages(schema, '100001')).toEqual(['from is too far']);
  });

  it('take the first page and the usual page size when left out', () => {
    const schema = z.object({ page: pageNumberSchema('page is at most 100000'), pageSize: pageSizeSchema(50, 5) });
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 5 });
    expect(messages(schema, { page: '0', pageSize: '51' })).toEqual(['page is a whole number from 1', 'pageSize is a whole number from 1 to 50']);
    expect(messages(schema, { page: '100001' })).toEqual(['page is at most 100000']);
  });
});

describe('pagedListSchema', () => {
  it('holds the page under the list’s own name, with the count and the paging, in that order', () => {
    const schema = pagedListSchema('orders', z.object({ _id: z.string() }));
    const page = schema.parse({ pageSize: 20, page: 2, total: 21, orders: [{ _id: 'a' }] });
    expect(Object.keys(page)).toEqual(['orders', 'total', 'page', 'pageSize']);
  });
});
