import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommerceWorld, type CommerceWorld } from '../../support/commerce-fixtures.ts';

/**
 * The student apps' conventions, over every /api/student operation of the OpenAPI document and a
 * sample of real answers: money in whole paise under names that say so, date-times as ISO 8601 UTC
 * strings, one paging shape, ids as strings, Cache-Control on every answer.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Document = {
  info: { version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** A name that says money: a price, amount, fee, GST or tax, a discount, a total or net amount, a prize… (a percentage rate is not money; a page's `total` is a count). */
const MONEY_NAME = /(price|amount|fee|gst|tax|discount|gross|net|refund|prize|cost|total(paise|amount|price)|roundoff)/i;
const RATE_NAME = /(Rate|Percent|Percentage)$/;
/** A name that says a moment: ends in At, Date, Time or On, an expiry, a refresh, or milliseconds since 1970. */
const MOMENT_NAME = /(At|Date|DateTime|Time|On|expires|Expires|Refresh|Ms)$/;
/** Durations (`timeElapsedInMs`, `examDurationInMinutes`) are not moments. */
const DURATION_NAME = /In(Ms|Milliseconds|Sec|Seconds|Minutes|Mins)$/;
const PAGING_KEYS = ['page', 'pageSize', 'hasMore', 'total', 'pageCount', 'before', 'after', 'cursor', 'nextCursor', 'offset', 'limit'];

/** The list operations: each answers the one page shape and takes page and pageSize. */
const LISTS = [
  'GET /api/student/courses',
  'GET /api/student/courses/{courseId}/subjects/{subjectId}/lectures',
  'GET /api/student/custom-lectures',
  'GET /api/student/exams',
  'GET /api/student/exams/{examId}/ranking',
  'GET /api/student/rank-files/{id}/ranking',
  'GET /api/student/orders',
  'GET /api/student/invoices',
  'GET /api/student/lectures/{lectureId}/comments',
  'GET /api/student/current-affairs',
  'GET /api/student/meeting-links',
  'GET /api/student/winners/mine',
];

function typesOf(schema: Schema): string[] {
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return [...own, ...(schema.anyOf ?? []).flatMap(typesOf), ...(schema.oneOf ?? []).flatMap(typesOf)];
}
function formatsOf(schema: Schema): string[] {
  return [...(schema.format ? [schema.format] : []), ...(schema.anyOf ?? []).flatMap(formatsOf), ...(schema.oneOf ?? []).flatMap(formatsOf)];
}

/** Every problem of a 200 answer's schema, each named by its property path. */
export function conventionProblems(document: Document, root: Schema): string[] {
  const problems: string[] = [];
  const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(document.components!.schemas![schema.$ref.split('/').pop()!]!) : schema);
  const walk = (raw: Schema, path: string, seen: Set<Schema>) => {
    const schema = resolve(raw);
    if (seen.has(schema)) return;
    const next = new Set(seen).add(schema);
    for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(part, path, next);
    if (schema.items) walk(schema.items, `${path}[]`, next);
    for (const [name, rawProperty] of Object.entries(schema.properties ?? {})) {
      const property = resolve(rawProperty);
      const types = typesOf(property);
      const at = `${path}.${name}`;
      const numeric = types.includes('number') || types.includes('integer');
      if (numeric && MONEY_NAME.test(name) && !RATE_NAME.test(name) && !/Paise$/.test(name)) problems.push(`${at}: money not named …Paise`);
      if (numeric && /Paise$/.test(name) && !types.includes('integer')) problems.push(`${at}: paise not an integer`);
      if (MOMENT_NAME.test(name) && !DURATION_NAME.test(name)) {
        if (numeric) problems.push(`${at}: a date-time as a number`);
        else if (types.includes('string') && !formatsOf(property).some((format) => format === 'date-time' || format === 'date'))
          problems.push(`${at}: a date-time string without format date-time`);
      }
      if ((name === 'id' || name === '_id' || /Id$/.test(name)) && !types.includes('string') && types.length > 0) problems.push(`${at}: an id not a string`);
      const keys = Object.keys(property.properties ?? {});
      if (keys.includes('items') || keys.some((key) => PAGING_KEYS.includes(key) && key !== 'total')) problems.push(...pageShapeProblems(property, at));
      walk(property, at, next);
    }
  };
  const top = resolve(root);
  if (typesOf(top).includes('array')) problems.push('(answer): a bare array, not a page');
  const keys = Object.keys(top.properties ?? {});
  if (keys.includes('items') || keys.some((key) => PAGING_KEYS.includes(key) && key !== 'total')) problems.push(...pageShapeProblems(top, '(answer)'));
  walk(top, '', new Set());
  return problems;
}

function pageShapeProblems(schema: Schema, at: string): string[] {
  const properties = schema.properties ?? {};
  const problems: string[] = [];
  if (!typesOf(properties.items ?? {}).includes('array')) problems.push(`${at}: a page without items[]`);
  for (const key of ['page', 'pageSize']) if (!typesOf(properties[key] ?? {}).includes('integer')) problems.push(`${at}: a page without an integer ${key}`);
  if (!typesOf(properties.hasMore ?? {}).includes('boolean')) problems.push(`${at}: a page without hasMore`);
  for (const key of Object.keys(properties))
    if (PAGING_KEYS.includes(key) && !['page', 'pageSize', 'hasMore', 'total'].includes(key)) problems.push(`${at}: paging by ${key}`);
  return problems;
}

let world: CommerceWorld;
let document: Document;
beforeAll(async () => {
  world = await startCommerceWorld();
  document = (await world.app.inject('/api/openapi.json')).json();
});
afterAll(async () => {
  await world?.close();
});

function studentOperations(): Array<{ name: string; operation: Operation & { parameters?: Array<{ in: string; name: string }> } }> {
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/student/'))
    .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })));
}

describe('the OpenAPI document of /api/student', () => {
  it('has version 2.2.0 and a changelog naming the student routes that changed and were added', () => {
    expect(document.info.version).toBe('2.2.0');
    expect(document.info.description).toContain('## Changelog');
    expect(document.info.description).toContain('### 2.1.0');
    expect(document.info.description).toContain('### 2.0.0');
    for (const route of [
      'GET /api/student/orders',
      'POST /api/student/checkout/quote',
      'GET /api/student/exams',
      'GET /api/student/invoices',
      'GET /api/student/attempts/{attemptId}/result',
      'POST /api/student/exams/{examId}/questions/{questionResId}/reports',
      'POST /api/student/lectures/{lectureId}/playback',
    ])
      expect(document.info.description).toContain(`\`${route}`);
  });

  it('documents a body a route goes without as optional, as the object alone (the playback choice)', () => {
    const operation = (document.paths['/api/student/lectures/{lectureId}/playback'] as Record<string, { requestBody?: unknown }>).post!;
    expect(operation.requestBody).toEqual({
      required: false,
      content: {
        'application/json': {
          schema: { type: 'object', properties: { dataSaver: { type: 'boolean' }, audioOnly: { type: 'boolean' } }, additionalProperties: false },
        },
      },
    });
  });

  it('answers money in paise, date-times as UTC ISO strings, ids as strings and lists as one page shape, on every operation', () => {
    const operations = studentOperations();
    expect(operations.length).toBeGreaterThan(40);
    const problems = operations.flatMap(({ name, operation }) => {
      const content = operation.responses?.['200']?.content ?? {};
      return Object.values(content).flatMap(({ schema }) => (schema ? conventionProblems(document, schema).map((problem) => `${name} ${problem}`) : []));
    });
    expect(problems).toEqual([]);
  });

  it('pages every student list by page and pageSize', () => {
    const byName = new Map(studentOperations().map(({ name, operation }) => [name, operation]));
    for (const list of LISTS) {
      const operation = byName.get(list);
      expect(operation, list).toBeDefined();
      const query = (operation!.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      expect(query, list).toEqual(expect.arrayContaining(['page', 'pageSize']));
      const schema = operation!.responses!['200']!.content!['application/json']!.schema!;
      const resolved = schema.$ref ? document.components!.schemas![schema.$ref.split('/').pop()!]! : schema;
      expect(Object.keys(resolved.properties ?? {}), list).toEqual(expect.arrayContaining(['items', 'page', 'pageSize', 'hasMore']));
    }
  });

  it('catches each kind of breach (the checks can fail)', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        netAmount: { type: 'number' },
        createdAt: { type: 'string' },
        deadlineMs: { type: 'number' },
        examId: { type: 'integer' },
        rows: { type: 'object', properties: { items: { type: 'array' }, page: { type: 'integer' }, pageCount: { type: 'integer' } } },
      },
    };
    expect(conventionProblems(document, schema)).toEqual([
      '.netAmount: money not named …Paise',
      '.createdAt: a date-time string without format date-time',
      '.deadlineMs: a date-time as a number',
      '.examId: an id not a string',
      '.rows: a page without an integer pageSize',
      '.rows: a page without hasMore',
      '.rows: paging by pageCount',
    ]);
    expect(conventionProblems(document, { type: 'array', items: { type: 'object' } })).toEqual(['(answer): a bare array, not a page']);
  });
});

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('real answers', () => {
  it('a course list and a course: paise as integers, one page, Cache-Control on 200, 304 and 404', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale({ gross: 1234.5 });
    const list = await world.call(buyer.cookie, 'GET', '/api/student/courses?pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-cache');
    const page = list.json();
    expect(page).toMatchObject({ page: 1, pageSize: 100, hasMore: false });
    const course = page.items.find((item: { _id: string }) => item._id === courseId);
    expect(course.price).toMatchObject({ grossPaise: 123450, gstRate: 18 });
    expect(Number.isInteger(course.price.netPaise)).toBe(true);

    const read = await world.call(buyer.cookie, 'GET', `/api/student/courses/${courseId}`);
    expect(read.statusCode).toBe(200);
    const again = await world.app.inject({
      url: `/api/student/courses/${courseId}`,
      headers: { cookie: buyer.cookie, 'if-none-match': String(read.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    const missing = await world.call(buyer.cookie, 'GET', '/api/student/orders/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-cache');
    const refused = await world.call(undefined, 'GET', '/api/student/orders');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-cache');
  });

  it('a quote and the orders list: whole paise, UTC date-times, the page shape with hasMore', async () => {
    const buyer = await world.student();
    const { courseId } = await world.courseForSale({ gross: 999.99 });
    const quote = await world.call(buyer.cookie, 'POST', '/api/student/checkout/quote', { resourceType: 'course', resourceId: courseId });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ grossPaise: 99999, discountPaise: 0 });
    for (const name of ['grossPaise', 'gstPaise', 'netPaise']) expect(Number.isInteger(quote.json()[name]), name).toBe(true);

    for (let index = 0; index < 2; index += 1) {
      const other = await world.courseForSale();
      const order = await world.call(buyer.cookie, 'POST', '/api/student/orders', { resourceType: 'course', resourceId: other.courseId });
      expect(order.statusCode, order.body).toBe(200);
      expect(order.json().payment.amountPaise).toBe(order.json().netPaise);
      expect(order.json().createdAt).toMatch(ISO_UTC);
    }
    const first = await world.call(buyer.cookie, 'GET', '/api/student/orders?pageSize=1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 1, hasMore: true });
    expect(first.json().items).toHaveLength(1);
    const second = await world.call(buyer.cookie, 'GET', '/api/student/orders?pageSize=1&page=2');
    expect(second.json()).toMatchObject({ page: 2, pageSize: 1, hasMore: false });
    expect(second.json().items[0]._id).not.toBe(first.json().items[0]._id);
    expect(second.json().items[0].createdAt).toMatch(ISO_UTC);
    const tooLarge = await world.call(buyer.cookie, 'GET', '/api/student/orders?pageSize=101');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toContain('pageSize');
    expect(tooLarge.headers['cache-control']).toBe('private, no-cache');
  });
});
