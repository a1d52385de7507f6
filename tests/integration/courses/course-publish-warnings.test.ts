import { describe, expect, it } from 'vitest';
import { COURSE_WARNINGS } from '../../../shared/courses/course-publish.rules.ts';
import { refreshCoursesPublishState } from '../../../server/course-state/course-publish.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';
import { createLecture, PUBLISHED } from '../../support/factories/lecture.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

async function lecture(title: string): Promise<string> {
  return createLecture(harness.db, { title, ...PUBLISHED });
}

async function rateCard(term: string): Promise<string> {
  const id = await createPaidRateCard(harness.db, `Card ${term} ${Date.now()}`);
  await harness.db.updateTable('subscriptions').set({ subscription_term: term }).where('id', '=', id).execute();
  return id;
}

/** Saves a visible course with one lecture on `days`, under `card`; answers the save. */
async function savedCourse(days: number[], card: string) {
  const id = (await asAdmin('POST', '/api/admin/courses', { title: 'Plan check' })).json()._id as string;
  const lectureId = await lecture(`Lecture ${Date.now()}`);
  const saved = await asAdmin('PUT', `/api/admin/courses/${id}`, {
    value: {
      title: 'Plan check',
      isVisible: true,
      courseRateCardId: card,
      subjects: [{ title: 'Polity', lectures: [lectureId], lectureDaySchedulePlan: { [lectureId]: days } }],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { id, saved: saved.json() as { isPublished: boolean; publishWarnings: string[] } };
}

describe('course publish warnings about the day plan', () => {
  it('name one mistyped far day as a short range, not every day before it', async () => {
    const { id, saved } = await savedCourse([1, 100_000], await rateCard('not-selected'));
    expect(saved.isPublished).toBe(false);
    expect(saved.publishWarnings).toEqual(['Days 2–99,999 have nothing on them']);
    const read = await asAdmin('GET', `/api/admin/courses/${id}`);
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
    await refreshCoursesPublishState(harness.db, [id]);
    const row = await harness.db.selectFrom('courses').select(['is_published', 'publish_warnings']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_published: false, publish_warnings: [COURSE_WARNINGS.longerThanTerm(3, 2)] });

    const fits = await savedCourse([1, 2, 3], await rateCard('3-days'));
    expect(fits.saved).toMatchObject({ isPublished: true, publishWarnings: [] });
  });

  it("decide again when the rate card's term changes", async () => {
    const card = await rateCard('3-days');
    const { id, saved } = await savedCourse([1, 2, 3], card);
    expect(saved.isPublished).toBe(true);
    const state = async () => (await asAdmin('GET', `/api/admin/courses/${id}`)).json() as { isPublished: boolean; publishWarnings: string[] };
    const value = { title: 'Short card', subscriptionTerm: '2-days', grossAmount: 499, gstRate: 18, gstAmount: 89.82, netAmount: 588.82 };
    const shortened = await asAdmin('PUT', `/api/admin/subscriptions/${card}`, { value });
    expect(shortened.statusCode, shortened.body).toBe(200);
    expect(await state()).toMatchObject({ isPublished: false, publishWarnings: [COURSE_WARNINGS.longerThanTerm(3, 2)] });
    expect((await asAdmin('PUT', `/api/admin/subscriptions/${card}`, { value: { ...value, subscriptionTerm: '1-month' } })).statusCode).toBe(200);
    expect(await state()).toMatchObject({ isPublished: true, publishWarnings: [] });
  });
});
