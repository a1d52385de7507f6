import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES } from '../../../shared/subscriptions/subscription.constants.ts';
import { RATE_CARD_AMOUNT_MESSAGES } from '../../../shared/subscriptions/gst.rules.ts';
import type { Db } from '../../../server/db/database.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { createRankFile as createRankFileRow } from '../../support/factories/rank-file.ts';
import { PAID_TWELVE_MONTHS } from '../../support/rate-card-value.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

async function createSubscription(title = 'LDC Mains 2026: 12 months') {
  const response = await asAdmin('POST', '/api/admin/subscriptions', { title });
  expect(response.statusCode).toBe(200);
  return response.json()._id as string;
}

const value = (overrides: Record<string, unknown> = {}) => ({
  value: {
    title: 'LDC Mains 2026: 12 months',
    ...PAID_TWELVE_MONTHS,
    compareAtPrice: 1999,
    discountRatePromoLabel: '50% off',
    mode: 'default',
    resourceTags: [],
    ...overrides,
  },
});

// Factories for what other screens attach to a rate card; rows go straight into the tables.
async function createExam(db: Db, subscriptionId: string | null, overrides: { title?: string; minutes?: number; publishAt?: Date | null } = {}) {
  const row = await db
    .insertInto('exams')
    .values({
      title: overrides.title ?? 'Mock Test 1',
      template_id: 'mock-test',
      exam_duration_in_minutes: overrides.minutes ?? 75,
      publish_at: overrides.publishAt ?? null,
      master_subscription_id: subscriptionId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function createLecture(db: Db, subscriptionId: string | null, overrides: { title?: string; minutes?: number | null } = {}) {
  const row = await db
    .insertInto('lectures')
    .values({
      title: overrides.title ?? 'Fundamental Rights',
      video_duration_in_minutes: overrides.minutes === undefined ? 42 : overrides.minutes,
      master_subscription_id: subscriptionId,
      notes: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function createCourse(
  db: Db,
  overrides: { title?: string; rateCardId?: string | null; extraSubscriptionIds?: string[]; category?: string | null; tags?: string[] } = {},
) {
  const row = await db
    .insertInto('courses')
    .values({
      title: overrides.title ?? 'Degree Level Prelims',
      category: overrides.category === undefined ? 'Kerala PSC' : overrides.category,
      tags: overrides.tags ?? ['Degree Level'],
      course_rate_card_id: overrides.rateCardId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const subscriptionId of overrides.extraSubscriptionIds ?? []) {
    await db.insertInto('course_subscriptions').values({ course_id: row.id, subscription_id: subscriptionId }).execute();
  }
  return row.id;
}

function createRankFile(db: Db, subscriptionId: string | null, overrides: { title?: string; groups?: number } = {}) {
  return createRankFileRow(db, { title: overrides.title ?? 'LDC 2026 rank list', master_subscription_id: subscriptionId }, overrides.groups ?? 2);
}

async function createEntitlement(
  db: Db,
  subscriptionId: string,
  overrides: { name?: string; email?: string; expiresAt?: Date | null; revokedAt?: Date | null } = {},
) {
  const student = await createUser(db, { roles: [], name: overrides.name ?? 'Sreeja S', ...(overrides.email ? { email: overrides.email } : {}) });
  const row = await db
    .insertInto('entitlements')
    .values({
      user_id: student.id,
      subscription_id: subscriptionId,
      expires_at: overrides.expiresAt === undefined ? new Date(Date.now() + 365 * 86_400_000) : overrides.expiresAt,
      revoked_at: overrides.revokedAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, student };
}

describe('POST /api/admin/subscriptions', () => {
  it('adds a rate card with the title, trimmed, and defaults for everything else', async () => {
    const id = await createSubscription('  LGS Special: 6 months  ');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const card = (await asAdmin('GET', `/api/admin/subscriptions/${id}`)).json();
    expect(card).toMatchObject({
      _id: id,
      title: 'LGS Special: 6 months',
      subscriptionTerm: 'not-selected',
      grossAmount: 0,
      gstRate: 18,
      gstAmount: 0,
      netAmount: 0,
      isFree: false,
      freeMode: 'none',
      compareAtPrice: null,
      discountRatePromoLabel: '',
      mode: 'default',
      resourceTags: [],
      attachedResources: { courses: [], lectures: [], exams: [], rankFiles: [] },
    });
  });

  it.each([
    ['a missing title', {}],
    ['a blank title', { title: '   ' }],
    ['an empty title', { title: '' }],
    ['a title that is not text', { title: 42 }],
  ])('refuses %s with "Please provide a subscription title"', async (_case, body) => {
    const before = (await asAdmin('GET', '/api/v2/admin/subscriptions')).json().length;
    const response = await asAdmin('POST', '/api/admin/subscriptions', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please provide a subscription title', type: 'validation' });
    expect((await asAdmin('GET', '/api/v2/admin/subscriptions')).json()).toHaveLength(before);
  });
});

describe('GET /api/v2/admin/subscriptions', () => {
  it('lists every rate card with its prices, newest first', async () => {
    const older = await createSubscription('Village Officer: 3 months');
    await asAdmin(
      'PUT',
      `/api/admin/subscriptions/${older}`,
      value({ title: 'Village Officer: 3 months', subscriptionTerm: '3-months', grossAmount: 499, gstAmount: 89.82, netAmount: 588.82 }),
    );
    const newer = await createSubscription('Free for Lakshya students');
    await asAdmin(
      'PUT',
      `/api/admin/subscriptions/${newer}`,
      value({
        title: 'Free for Lakshya students',
        isFree: true,
        freeMode: 'lakshya-students',
        grossAmount: 0,
        gstAmount: 0,
        netAmount: 0,
        compareAtPrice: null,
      }),
    );
    const list = (await asAdmin('GET', '/api/v2/admin/subscriptions')).json() as Array<Record<string, unknown>>;
    const ids = list.map((card) => card._id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(list.find((card) => card._id === older)).toMatchObject({
      title: 'Village Officer: 3 months',
      subscriptionTerm: '3-months',
      grossAmount: 499,
      gstRate: 18,
      gstAmount: 89.82,
      netAmount: 588.82,
      isFree: false,
    });
    expect(list.find((card) => card._id === newer)).toMatchObject({ isFree: true, freeMode: 'lakshya-students', netAmount: 0 });
    expect(list.every((card) => !('attachedResources' in card))).toBe(true);
  });
});

describe('GET /api/admin/subscriptions/{id}', () => {
  it('lists the courses, lecture videos, exams and rank files sold under the rate card, each kind by title', async () => {
    const id = await createSubscription('Degree Level: 12 months');
    const other = await createSubscription('Someone else');
    const publishAt = new Date('2026-12-01T04:30:00.000Z');
    const byRateCard = await createCourse(harness.db, { title: 'Degree Level Prelims', rateCardId: id, tags: ['Degree Level', 'LGS Special Course'] });
    const asExtra = await createCourse(harness.db, {
      title: 'Arithmetic Crash Course',
      rateCardId: other,
      extraSubscriptionIds: [id],
      category: null,
      tags: [],
    });
    await createCourse(harness.db, { title: 'Not this one', rateCardId: other });
    const lecture = await createLecture(harness.db, id, { title: 'Fundamental Rights', minutes: 42 });
    const lectureWithoutVideo = await createLecture(harness.db, id, { title: 'Directive Principles', minutes: null });
    await createLecture(harness.db, other, { title: 'Not this lecture' });
    const exam = await createExam(harness.db, id, { title: 'Mock Test 1', minutes: 75, publishAt });
    const unscheduled = await createExam(harness.db, id, { title: 'Revision Test 4', minutes: 30, publishAt: null });
    await createExam(harness.db, null, { title: 'Free exam' });
    const rankFile = await createRankFile(harness.db, id, { title: 'LDC rank list', groups: 3 });

    const response = await asAdmin('GET', `/api/admin/subscriptions/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().attachedResources).toEqual({
      courses: [
        { _id: asExtra, title: 'Arithmetic Crash Course', category: null, tags: [] },
        { _id: byRateCard, title: 'Degree Level Prelims', category: 'Kerala PSC', tags: ['Degree Level', 'LGS Special Course'] },
      ],
      lectures: [
        { _id: lectureWithoutVideo, title: 'Directive Principles', videoDurationInMinutes: null },
        { _id: lecture, title: 'Fundamental Rights', videoDurationInMinutes: 42 },
      ],
      exams: [
        { _id: exam, title: 'Mock Test 1', examDurationInMinutes: 75, publishDateTimeInMs: publishAt.getTime() },
        { _id: unscheduled, title: 'Revision Test 4', examDurationInMinutes: 30, publishDateTimeInMs: null },
      ],
      rankFiles: [{ _id: rankFile, title: 'LDC rank list', groups: 3 }],
    });
  });

  it('lists a course once when it uses the rate card both ways', async () => {
    const id = await createSubscription();
    const course = await createCourse(harness.db, { title: 'Both ways', rateCardId: id, extraSubscriptionIds: [id] });
    const { courses } = (await asAdmin('GET', `/api/admin/subscriptions/${id}`)).json().attachedResources;
    expect(courses).toEqual([{ _id: course, title: 'Both ways', category: 'Kerala PSC', tags: ['Degree Level'] }]);
  });

  it('answers 404 "Subscription not found" for an unknown id, and 400 with the same message for one that is not an id', async () => {
    const unknown = await asAdmin('GET', `/api/admin/subscriptions/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Subscription not found', type: 'not-found' });
    const malformed = await asAdmin('GET', '/api/admin/subscriptions/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Subscription not found');
  });
});

describe('PUT /api/admin/subscriptions/{id}', () => {
  it('saves every field, storing GST and nett amounts as sent, and answers the saved rate card', async () => {
    const id = await createSubscription();
    // A hand-made override: the editor computed a nett of 1,124.99 and staff rounded it to the rupee.
    const saved = await asAdmin(
      'PUT',
      `/api/admin/subscriptions/${id}`,
      value({
        title: '  LDC Mains 2026: 12 months  ',
        grossAmount: 999.99,
        gstRate: 12.5,
        gstAmount: 125,
        netAmount: 1125,
        compareAtPrice: 1499.5,
        discountRatePromoLabel: ' Onam offer ',
        mode: 'tag-based',
        resourceTags: ['ldc', 'mains', 'ldc'],
        isFree: true,
        freeMode: 'lakshya-students',
      }),
    );
    expect(saved.statusCode).toBe(200);
    const expected = {
      _id: id,
      title: 'LDC Mains 2026: 12 months',
      subscriptionTerm: '12-months',
      grossAmount: 999.99,
      gstRate: 12.5,
      gstAmount: 125,
      netAmount: 1125,
      compareAtPrice: 1499.5,
      discountRatePromoLabel: 'Onam offer',
      mode: 'tag-based',
      resourceTags: ['ldc', 'mains'],
      isFree: true,
      freeMode: 'lakshya-students',
    };
    expect(saved.json()).toMatchObject(expected);
    expect((await asAdmin('GET', `/api/admin/subscriptions/${id}`)).json()).toMatchObject(expected);
  });

  it('ignores attachedResources and other read-only fields sent back with the value', async () => {
    const id = await createSubscription();
    const course = await createCourse(harness.db, { rateCardId: id });
    const detail = (await asAdmin('GET', `/api/admin/subscriptions/${id}`)).json();
    const saved = await asAdmin('PUT', `/api/admin/subscriptions/${id}`, {
      value: { ...detail, title: 'Renamed', _id: UNKNOWN_ID, attachedResources: { courses: [], lectures: [{ _id: 'x' }], exams: [], rankFiles: [] } },
    });
    expect(saved.statusCode).toBe(200);
    const after = (await asAdmin('GET', `/api/admin/subscriptions/${id}`)).json();
    expect(after).toMatchObject({ _id: id, title: 'Renamed' });
    expect(after.attachedResources.courses.map((c: { _id: string }) => c._id)).toEqual([course]);
    expect(after.attachedResources.lectures).toEqual([]);
  });

  it.each([
    ['a blank title', { title: ' ' }, 'Please provide a subscription title'],
    ['a missing title', { title: undefined }, 'Please provide a subscription title'],
    ['a negative gross amount', { grossAmount: -1 }, 'Gross amount cannot be negative'],
    ['a gross amount with 3 decimals', { grossAmount: 10.005 }, 'Gross amount takes at most 2 decimals'],
    ['a gross amount as text', { grossAmount: '1000' }, 'Gross amount must be a number'],
    ['a negative GST amount', { gstAmount: -0.01 }, 'GST amount cannot be negative'],
    ['a GST amount with 3 decimals', { gstAmount: 180.001 }, 'GST amount takes at most 2 decimals'],
    ['a nett amount with 3 decimals', { netAmount: 1180.123 }, 'Nett amount takes at most 2 decimals'],
    ['a negative nett amount', { netAmount: -5 }, 'Nett amount cannot be negative'],
    ['a GST rate above 100', { gstRate: 101 }, 'GST rate cannot be above 100'],
    ['a compare-at price with 3 decimals', { compareAtPrice: 1.999 }, 'Compare-at price takes at most 2 decimals'],
  ])('refuses %s with "%s", changing nothing', async (_case, overrides, message) => {
    const id = await createSubscription('Unchanged');
    const response = await asAdmin('PUT', `/api/admin/subscriptions/${id}`, value(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, type: 'validation' });
    expect((await asAdmin('GET', `/api/admin/subscriptions/${id}`)).json()).toMatchObject({ title: 'Unchanged', grossAmount: 0 });
  });

  it.each([
    [
      'a GST amount that is not the rate of the gross',
      { gstAmount: 100, netAmount: 1100 },
      'value.gstAmount',
      'GST amount must be 180: 18% of the gross amount 1,000, to 2 decimals',
    ],
    [
      'a GST amount at another rate than the card',
      { gstRate: 5, gstAmount: 180, netAmount: 1050 },
      'value.gstAmount',
      'GST amount must be 50: 5% of the gross amount 1,000, to 2 decimals',
    ],
    ['a nett amount above gross + GST', { netAmount: 1500 }, 'value.netAmount', 'Nett amount must be 1,180: gross amount + GST'],
    ['a nett amount below gross + GST', { netAmount: 1000 }, 'value.netAmount', 'Nett amount must be 1,180: gross amount + GST'],
    [
      'a nett amount rounded the wrong way',
      { grossAmount: 999.99, gstRate: 5, gstAmount: 50, netAmount: 1049 },
      'value.netAmount',
      'Nett amount must be 1,049.99 (gross amount + GST) or 1,050 (rounded to the rupee)',
    ],
    [
      'a nett amount under ₹1 on a card that is not free',
      { grossAmount: 0.5, gstAmount: 0.09, netAmount: 0.59, compareAtPrice: null },
      'value.netAmount',
      RATE_CARD_AMOUNT_MESSAGES.belowMinimum,
    ],
    [
      'a nett amount under ₹1 that other students would pay online',
      { grossAmount: 0.5, gstAmount: 0.09, netAmount: 0.59, isFree: true, freeMode: 'lakshya-students' },
      'value.netAmount',
      RATE_CARD_AMOUNT_MESSAGES.belowMinimumForOthers,
    ],
  ])('refuses %s, naming the field, and changes nothing', async (_case, overrides, field, message) => {
    const id = await createSubscription('Unchanged');
    const response = await asAdmin('PUT', `/api/admin/subscriptions/${id}`, value(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, type: 'validation', field });
    expect((await asAdmin('GET', `/api/admin/subscriptions/${id}`)).json()).toMatchObject({ title: 'Unchanged', grossAmount: 0, netAmount: 0 });
  });

  it('refuses the same through tRPC, and keeps a card free for everyone whatever its amounts', async () => {
    const id = await createSubscription();
    const viaTrpc = await asAdmin('POST', '/trpc/subscriptions.save', { id, value: value({ gstAmount: 50 }).value });
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error).toMatchObject({
      message: RATE_CARD_AMOUNT_MESSAGES.gstAmount(180, 18, 1000),
      data: { type: 'validation', field: 'value.gstAmount' },
    });
    const free = await asAdmin(
      'PUT',
      `/api/admin/subscriptions/${id}`,
      value({ isFree: true, freeMode: 'none', grossAmount: 0.5, gstAmount: 0, netAmount: 0.5 }),
    );
    expect(free.statusCode).toBe(200);
    // A new card with no price yet may be saved (checkout refuses to sell it until it has one).
    const draft = await asAdmin('PUT', `/api/admin/subscriptions/${id}`, value({ grossAmount: 0, gstAmount: 0, netAmount: 0, compareAtPrice: null }));
    expect(draft.statusCode).toBe(200);
  });

  it('refuses a term or free mode outside the lists', async () => {
    const id = await createSubscription();
    const term = await asAdmin('PUT', `/api/admin/subscriptions/${id}`, value({ subscriptionTerm: '7-years' }));
    expect(term.statusCode).toBe(400);
    expect(term.json()).toMatchObject({ type: 'validation', field: 'value.subscriptionTerm' });
    expect(term.json().message).toMatch(/^value\.subscriptionTerm must be one of "12-months", /);
    const freeMode = await asAdmin('PUT', `/api/admin/subscriptions/${id}`, value({ freeMode: 'everyone' }));
    expect(freeMode.statusCode).toBe(400);
    expect(freeMode.json()).toMatchObject({ field: 'value.freeMode', message: 'value.freeMode must be one of "none", "lakshya-students"' });
  });

  it('refuses a body without a value', async () => {
    const id = await createSubscription();
    const response = await asAdmin('PUT', `/api/admin/subscriptions/${id}`, { title: 'Not wrapped' });
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('validation');
  });

  it('answers 404 "Subscription not found" for an unknown id', async () => {
    const response = await asAdmin('PUT', `/api/admin/subscriptions/${UNKNOWN_ID}`, value());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Subscription not found', type: 'not-found' });
  });
});

describe('DELETE /api/admin/subscriptions/{id}', () => {
  it('deletes a rate card that nothing uses', async () => {
    const id = await createSubscription('Unused');
    const response = await asAdmin('DELETE', `/api/admin/subscriptions/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'deleted' });
    expect((await asAdmin('GET', `/api/admin/subscriptions/${id}`)).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/v2/admin/subscriptions')).json().some((card: { _id: string }) => card._id === id)).toBe(false);
  });

  it('is refused while an exam uses the rate card, and allowed once the exam lets go of it', async () => {
    const id = await createSubscription();
    const exam = await createExam(harness.db, id, { title: 'Mock Test 7' });
    const refused = await asAdmin('DELETE', `/api/admin/subscriptions/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.inUse, type: 'has-warnings', warnings: ['Exam: Mock Test 7'] });
    expect((await asAdmin('GET', `/api/admin/subscriptions/${id}`)).statusCode).toBe(200);

    await harness.db.updateTable('exams').set({ master_subscription_id: null }).where('id', '=', exam).execute();
    expect((await asAdmin('DELETE', `/api/admin/subscriptions/${id}`)).json()).toEqual({ status: 'deleted' });
  });

  it('is refused while a lecture uses the rate card, and allowed once the lecture is gone', async () => {
    const id = await createSubscription();
    const lecture = await createLecture(harness.db, id, { title: 'Kerala Renaissance' });
    const refused = await asAdmin('DELETE', `/api/admin/subscriptions/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.inUse, type: 'has-warnings', warnings: ['Lecture video: Kerala Renaissance'] });

    await harness.db.deleteFrom('lectures').where('id', '=', lecture).execute();
    expect((await asAdmin('DELETE', `/api/admin/subscriptions/${id}`)).statusCode).toBe(200);
  });

  it('names every course, lecture, exam, rank file and active entitlement that still uses it', async () => {
    const id = await createSubscription();
    await createCourse(harness.db, { title: 'Degree Level Prelims', rateCardId: id });
    await createCourse(harness.db, { title: 'Arithmetic Crash Course', extraSubscriptionIds: [id] });
    await createLecture(harness.db, id, { title: 'Fundamental Rights' });
    await createExam(harness.db, id, { title: 'Mock Test 1' });
    await createRankFile(harness.db, id, { title: 'LDC rank list' });
    await createEntitlement(harness.db, id, { name: 'Sreeja S', email: 'sreeja@example.com', expiresAt: new Date('2099-03-31T00:00:00Z') });
    await createEntitlement(harness.db, id, { name: 'Arun K', email: 'arun@example.com', expiresAt: null });
    // Expired and revoked entitlements give no access: they do not hold the delete back.
    await createEntitlement(harness.db, id, { name: 'Expired Student', expiresAt: new Date(Date.now() - 86_400_000) });
    await createEntitlement(harness.db, id, { name: 'Revoked Student', revokedAt: new Date() });

    const refused = await asAdmin('DELETE', `/api/admin/subscriptions/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: SUBSCRIPTION_MESSAGES.inUse,
      type: 'has-warnings',
      warnings: [
        'Course: Arithmetic Crash Course',
        'Course: Degree Level Prelims',
        'Lecture video: Fundamental Rights',
        'Exam: Mock Test 1',
        'Rank file: LDC rank list',
        'Active entitlement: Arun K (arun@example.com)',
        'Active entitlement: Sreeja S (sreeja@example.com), until 2099-03-31',
      ],
    });
  });

  it('takes inactive entitlements along once nothing else holds the rate card', async () => {
    const id = await createSubscription();
    const active = await createEntitlement(harness.db, id, { name: 'Still Studying' });
    await createEntitlement(harness.db, id, { name: 'Expired Student', expiresAt: new Date(Date.now() - 86_400_000) });
    expect((await asAdmin('DELETE', `/api/admin/subscriptions/${id}`)).json().warnings).toEqual([
      expect.stringMatching(/^Active entitlement: Still Studying \(.+\), until \d{4}-\d{2}-\d{2}$/),
    ]);

    await harness.db.updateTable('entitlements').set({ revoked_at: new Date() }).where('id', '=', active.id).execute();
    expect((await asAdmin('DELETE', `/api/admin/subscriptions/${id}`)).statusCode).toBe(200);
    const left = await harness.db.selectFrom('entitlements').select('id').where('subscription_id', '=', id).execute();
    expect(left).toEqual([]);
  });

  it('names the first 50 students with access and counts the rest', async () => {
    const id = await createSubscription();
    const student = await createUser(harness.db, { roles: [], name: 'Batch Student' });
    await harness.db
      .insertInto('entitlements')
      .values(Array.from({ length: 53 }, () => ({ user_id: student.id, subscription_id: id, expires_at: null })))
      .execute();
    const warnings = (await asAdmin('DELETE', `/api/admin/subscriptions/${id}`)).json().warnings as string[];
    expect(warnings).toHaveLength(51);
    expect(warnings.slice(0, 50).every((warning) => warning.startsWith('Active entitlement: Batch Student'))).toBe(true);
    expect(warnings[50]).toBe('and 3 more active entitlements');
  });

  it('answers 404 "Subscription not found" for an unknown id', async () => {
    const response = await asAdmin('DELETE', `/api/admin/subscriptions/${UNKNOWN_ID}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Subscription not found', type: 'not-found' });
  });
});

describe('tRPC subscriptions procedures', () => {
  const trpc = (method: 'GET' | 'POST', path: string, input?: unknown, cookie = harness.cookie('admin')) =>
    harness.app.inject({
      method,
      url: method === 'GET' && input !== undefined ? `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` : `/trpc/${path}`,
      headers: { cookie },
      ...(method === 'POST' ? { payload: (input ?? {}) as Record<string, unknown> } : {}),
    });

  it('create, list, get, save and delete through the same service as REST', async () => {
    const invalid = await trpc('POST', 'subscriptions.create', { title: ' ' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Please provide a subscription title');

    const created = await trpc('POST', 'subscriptions.create', { title: 'Plus Two Level: 4 months' });
    const id = created.json().result.data._id as string;
    const list = (await trpc('GET', 'subscriptions.list')).json().result.data as Array<{ _id: string }>;
    expect(list.some((card) => card._id === id)).toBe(true);

    const saved = await trpc('POST', 'subscriptions.save', { id, ...value({ title: 'Plus Two Level: 4 months', subscriptionTerm: '4-months' }) });
    expect(saved.json().result.data).toMatchObject({ _id: id, subscriptionTerm: '4-months', netAmount: 1180 });
    const detail = (await trpc('GET', 'subscriptions.get', { id })).json().result.data;
    expect(detail).toMatchObject({ _id: id, title: 'Plus Two Level: 4 months', attachedResources: { courses: [], lectures: [], exams: [], rankFiles: [] } });

    await createExam(harness.db, id, { title: 'Plus Two Mock' });
    const refused = await trpc('POST', 'subscriptions.delete', { id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(SUBSCRIPTION_MESSAGES.inUse);
    expect(refused.json().error.data).toMatchObject({ type: 'has-warnings', warnings: ['Exam: Plus Two Mock'] });

    const missing = await trpc('GET', 'subscriptions.get', { id: UNKNOWN_ID });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Subscription not found');
  });
});
