import { describe, expect, it } from 'vitest';
import { ATTEMPT_MESSAGES } from '../../../shared/exams/attempts.schema.ts';
import { RANK_FILE_MESSAGES } from '../../../shared/rank-files/rank-files.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { createPaidRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';

/**
 * What the buyer of a course keeps while a publish warning takes it offline for everyone else: its
 * exams, its rank files' rankings and its live classes, as they keep its lectures. Nobody else gets
 * them through the offline course, and a course staff hide gives nothing to anyone.
 */

const harness = useApp();
const asAdmin = harness.injectAs('admin');
let counter = 0;

const HOUR = 3_600_000;

async function student(name: string) {
  counter += 1;
  const user = await createUser(harness.db, { email: `${name}${counter}@example.com`, name });
  return { id: user.id, cookie: await harness.signIn(`${name}${counter}@example.com`) };
}

async function lecture(title: string, card: string): Promise<string> {
  const row = await harness.db
    .insertInto('lectures')
    .values({ title, is_visible: true, is_published: true, master_subscription_id: card, youtube_link: 'dQw4w9WgXcQ', video_duration_in_minutes: 20 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A paid course with two lectures, an exam and a rank file (with a live class on it), all sold under
 * the course's rate card, bought by one student (a grant for the course itself); then one of its
 * lectures is switched off in its editor, which takes the course offline.
 */
async function offlineCourse() {
  const card = await createPaidRateCard(harness.db, `Offline course card ${++counter}`);
  const kept = await lecture('Kept lecture', card);
  const switchedOff = await lecture('Switched-off lecture', card);
  const { id: exam } = await createPublishedExam(harness.app, harness.cookie('admin'), {
    title: 'Course mock',
    questionGroups: [questionGroup(2)],
    masterSubscription: card,
  });
  const rankFile = (await asAdmin('POST', '/api/admin/rankfiles', { title: 'Course ranks' })).json()._id as string;
  const rankSaved = await asAdmin('PUT', `/api/admin/rankfiles/${rankFile}`, {
    value: { title: 'Course ranks', isVisible: true, masterSubscription: card, groups: [{ title: 'A', exam }] },
  });
  expect(rankSaved.json(), rankSaved.body).toMatchObject({ isPublished: true });

  const id = (await asAdmin('POST', '/api/admin/courses', { title: 'Offline course' })).json()._id as string;
  const value = (isVisible: boolean) => ({
    title: 'Offline course',
    isVisible,
    courseRateCardId: card,
    subjects: [{ title: 'Polity', lectures: [kept, switchedOff], lectureDaySchedulePlan: { [kept]: [1], [switchedOff]: [2] } }],
    exams: [{ exam, dayTags: [3] }],
    rankFiles: [rankFile],
  });
  expect((await asAdmin('PUT', `/api/admin/courses/${id}`, { value: value(true) })).json()).toMatchObject({ isPublished: true });
  const link = await harness.db
    .insertInto('meeting_links')
    .values({
      title: 'Live polity class',
      url: 'https://meet.example.com/polity',
      start_date: new Date(Date.now() - HOUR),
      end_date: new Date(Date.now() + HOUR),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await harness.db.insertInto('meeting_link_courses').values({ meeting_link_id: link.id, course_id: id }).execute();

  const buyer = await student('buyer');
  await harness.db.insertInto('entitlements').values({ user_id: buyer.id, resource_type: 'course', resource_id: id }).execute();

  const stored = (await asAdmin('GET', `/api/admin/lecture/${switchedOff}`)).json();
  const saved = await asAdmin('PUT', `/api/admin/lecture/${switchedOff}`, {
    value: { ...stored, isVisible: false, exams: undefined },
    version: stored.version,
  });
  expect(saved.json(), saved.body).toMatchObject({ isPublished: false });
  expect(await harness.db.selectFrom('courses').select(['is_published', 'is_visible']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
    is_published: false,
    is_visible: true,
  });

  const hide = async () => expect((await asAdmin('PUT', `/api/admin/courses/${id}`, { value: value(false) })).statusCode).toBe(200);
  return { id, card, exam, rankFile, link: link.id, buyer, hide };
}

/** The student takes the exam (an attempt through the student routes) and hands it in. */
async function takeExam(cookie: string, exam: string) {
  const started = await harness.injectWith(cookie)('POST', `/api/student/exams/${exam}/attempts`);
  expect(started.statusCode, started.body).toBe(200);
  const submitted = await harness.injectWith(cookie)('POST', `/api/student/attempts/${started.json()._id as string}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
}

async function publishRanking(rankFile: string) {
  expect((await asAdmin('PUT', `/api/admin/rankfiles/${rankFile}/ranking/sync`)).statusCode).toBe(200);
  expect((await asAdmin('PUT', `/api/admin/rankfiles/${rankFile}/ranking/status/published`)).json()).toMatchObject({ isRankPublished: true });
}

describe('a course a warning takes offline', () => {
  it('still gives its buyer its published exam: listed, and started', async () => {
    const { exam, buyer } = await offlineCourse();
    const listed = (await harness.injectWith(buyer.cookie)('GET', '/api/student/exams')).json().items as Array<{ _id: string }>;
    expect(listed.map((entry) => entry._id)).toContain(exam);
    await takeExam(buyer.cookie, exam);
  });

  it("still gives its buyer its published rank file's ranking, with their own place", async () => {
    const { exam, rankFile, buyer } = await offlineCourse();
    await takeExam(buyer.cookie, exam);
    await publishRanking(rankFile);
    const ranking = await harness.injectWith(buyer.cookie)('GET', `/api/student/rank-files/${rankFile}/ranking`);
    expect(ranking.statusCode, ranking.body).toBe(200);
    expect(ranking.json()).toMatchObject({ title: 'Course ranks', totalParticipants: 1, items: [{ rank: 1, name: 'buyer' }], me: { rank: 1 } });
  });

  it('still gives its buyer its live classes', async () => {
    const { link, buyer } = await offlineCourse();
    const links = (await harness.injectWith(buyer.cookie)('GET', '/api/student/meeting-links')).json().items as Array<{ _id: string }>;
    expect(links.map((entry) => entry._id)).toEqual([link]);
  });

  it('gives nothing through it to a student who does not hold it', async () => {
    const { exam, rankFile, buyer } = await offlineCourse();
    const stranger = await student('stranger');
    await takeExam(buyer.cookie, exam);
    await publishRanking(rankFile);
    expect(
      ((await harness.injectWith(stranger.cookie)('GET', '/api/student/exams')).json().items as Array<{ _id: string }>).map((entry) => entry._id),
    ).not.toContain(exam);
    const start = await harness.injectWith(stranger.cookie)('POST', `/api/student/exams/${exam}/attempts`);
    expect(start.statusCode).toBe(403);
    expect(start.json().message).toBe(ATTEMPT_MESSAGES.notEntitled);
    const ranking = await harness.injectWith(stranger.cookie)('GET', `/api/student/rank-files/${rankFile}/ranking`);
    expect(ranking.statusCode).toBe(403);
    expect(ranking.json().message).toBe(RANK_FILE_MESSAGES.notEntitled);
    expect((await harness.injectWith(stranger.cookie)('GET', '/api/student/meeting-links')).json().items).toEqual([]);
  });

  it('gives nothing, not even to its buyer, once staff hide it', async () => {
    const { exam, rankFile, buyer, hide } = await offlineCourse();
    await takeExam(buyer.cookie, exam);
    await publishRanking(rankFile);
    await hide();
    expect(
      ((await harness.injectWith(buyer.cookie)('GET', '/api/student/exams')).json().items as Array<{ _id: string }>).map((entry) => entry._id),
    ).not.toContain(exam);
    const start = await harness.injectWith(buyer.cookie)('POST', `/api/student/exams/${exam}/attempts`);
    expect(start.statusCode).toBe(403);
    expect(start.json().message).toBe(ATTEMPT_MESSAGES.notEntitled);
    const ranking = await harness.injectWith(buyer.cookie)('GET', `/api/student/rank-files/${rankFile}/ranking`);
    expect(ranking.statusCode).toBe(403);
    expect(ranking.json().message).toBe(RANK_FILE_MESSAGES.notEntitled);
    expect((await harness.injectWith(buyer.cookie)('GET', '/api/student/meeting-links')).json().items).toEqual([]);
  });
});
