import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_WARNINGS } from '../../../shared/courses/course-publish.rules.ts';
import { refreshCoursesPublishState } from '../../../server/course-state/course-publish.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../support/test-app.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  await createUser(database.db, { email: 'admin@example.com', roles: ['admin'] });
  admin = await signIn(app, 'admin@example.com');
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { cookie: admin }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function lecture(title: string): Promise<string> {
  return (await database.db.insertInto('lectures').values({ title, is_visible: true, is_published: true }).returning('id').executeTakeFirstOrThrow()).id;
}

async function rateCard(term: string): Promise<string> {
  const id = await createPaidRateCard(database.db, `Card ${term} ${Date.now()}`);
  await database.db.updateTable('subscriptions').set({ subscription_term: term }).where('id', '=', id).execute();
  return id;
}

/** Saves a visible course with one lecture on `days`, under `card`; answers the save. */
async function savedCourse(days: number[], card: string) {
  const id = (await request('POST', '/api/admin/courses', { title: 'Plan check' })).json()._id as string;
  const lectureId = await lecture(`Lecture ${Date.now()}`);
  const saved = await request('PUT', `/api/admin/courses/${id}`, {
    value: { title: 'Plan check', isVisible: true, courseRateCardId: card, subjects: [{ title: 'Polity', lectures: [lectureId], lectureDaySchedulePlan: { [lectureId]: days } }] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { id, saved: saved.json() as { isPublished: boolean; publishWarnings: string[] } };
}

describe('course publish warnings about the day plan', () => {
  it('name one mistyped far day as a short range, not every day before it', async () => {
    const { id, saved } = await savedCourse([1, 100_000], await rateCard('not-selected'));
    expect(saved.isPublished).toBe(false);
    expect(saved.publishWarnings).toEqual(['Days 2–99,999 have nothing on them']);
    const read = await request('GET', `/api/admin/courses/${id}`);
    expect(read.body.length).toBeLessThan(10_000);
    expect(JSON.stringify(read.json().publishWarnings).length).toBeLessThan(1024);
  });

  it('stay short for a scattered plan', async () => {
    const days = Array.from({ length: 1000 }, (_, i) => i * 100 + 1);
    const { saved } = await savedCourse(days, await rateCard('not-selected'));
    expect(JSON.stringify(saved.publishWarnings).length).toBeLessThan(1024);
    expect(saved.publishWarnings[0]).toBe('Days 2–100, 102–200, 202–300, 302–400, 402–500 and 994 more stretches have nothing on them');
  });

  it("warn when the plan runs past the rate card's term, also when decided again after a lecture changes", async () => {
    const { id, saved } = await savedCourse([1, 2, 3], await rateCard('2-days'));
    expect(saved).toMatchObject({ isPublished: false, publishWarnings: [COURSE_WARNINGS.longerThanTerm(3, 2)] });
    await refreshCoursesPublishState(database.db, [id]);
    const row = await database.db.selectFrom('courses').select(['is_published', 'publish_warnings']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_published: false, publish_warnings: [COURSE_WARNINGS.longerThanTerm(3, 2)] });

    const fits = await savedCourse([1, 2, 3], await rateCard('3-days'));
    expect(fits.saved).toMatchObject({ isPublished: true, publishWarnings: [] });
  });

  it("decide again when the rate card's term changes", async () => {
    const card = await rateCard('3-days');
    const { id, saved } = await savedCourse([1, 2, 3], card);
    expect(saved.isPublished).toBe(true);
    const state = async () => (await request('GET', `/api/admin/courses/${id}`)).json() as { isPublished: boolean; publishWarnings: string[] };
    const value = { title: 'Short card', subscriptionTerm: '2-days', grossAmount: 499, gstRate: 18, gstAmount: 89.82, netAmount: 588.82 };
    const shortened = await request('PUT', `/api/admin/subscriptions/${card}`, { value });
    expect(shortened.statusCode, shortened.body).toBe(200);
    expect(await state()).toMatchObject({ isPublished: false, publishWarnings: [COURSE_WARNINGS.longerThanTerm(3, 2)] });
    expect((await request('PUT', `/api/admin/subscriptions/${card}`, { value: { ...value, subscriptionTerm: '1-month' } })).statusCode).toBe(200);
    expect(await state()).toMatchObject({ isPublished: true, publishWarnings: [] });
  });
});
