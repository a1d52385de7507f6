import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_COURSE_PAGING } from '../../../shared/courses/student-courses.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';

/**
 * A large course read a part at a time: the course answer is a summary with what the app shows
 * first, the rest comes by subject page or by days, each small; a student who holds lectures one by
 * one sees exactly those as watchable, on every page.
 */

const SUBJECTS = 30;
const PER_SUBJECT = 50;

const harness = useApp();
let courseId: string;
let subjectIds: string[];
let lectureIds: string[];
let card: string;
let otherCard: string;
const readers: Record<'holder' | 'nothing' | 'byLecture' | 'another', { id: string; cookie: string }> = {} as never;

beforeAll(async () => {
  const admin = await harness.signIn('admin@example.com');
  for (const name of ['holder', 'nothing', 'byLecture', 'another'] as const) {
    const user = await createUser(harness.db, { email: `${name}@example.com` });
    readers[name] = { id: user.id, cookie: await harness.signIn(`${name}@example.com`) };
  }
  card = await createPaidRateCard(harness.db, 'Big course card');
  otherCard = await createPaidRateCard(harness.db, 'Lecture card');
  const rows = await harness.db
    .insertInto('lectures')
    .values(
      Array.from({ length: SUBJECTS * PER_SUBJECT }, (_, i) => ({
        title: `Lecture ${i + 1}`,
        is_visible: true,
        is_published: true,
        video_duration_in_minutes: 40,
        // Every tenth lecture is sold under a card of its own; lecture 3 is free.
        master_subscription_id: i === 2 ? null : i % 10 === 9 ? otherCard : card,
      })),
    )
    .returning('id')
    .execute();
  lectureIds = rows.map((row) => row.id);
  courseId = (await harness.injectWith(admin)('POST', '/api/admin/courses', { title: 'Big course' })).json()._id;
  const saved = await harness.injectWith(admin)('PUT', `/api/admin/courses/${courseId}`, {
    value: {
      title: 'Big course',
      isVisible: true,
      courseRateCardId: card,
      subjects: Array.from({ length: SUBJECTS }, (_, s) => {
        const own = lectureIds.slice(s * PER_SUBJECT, (s + 1) * PER_SUBJECT);
        return { title: `Subject ${s + 1}`, lectures: own, lectureDaySchedulePlan: Object.fromEntries(own.map((id, i) => [id, [s * 2 + 1 + (i % 2)]])) };
      }),
    },
  });
  expect(saved.json(), saved.body).toMatchObject({ isPublished: true });
  subjectIds = (await harness.injectWith(admin)('GET', `/api/admin/courses/${courseId}`)).json().subjects.map((subject: { _id: string }) => subject._id);
  await harness.db.insertInto('entitlements').values({ user_id: readers.holder.id, resource_type: 'course', resource_id: courseId }).execute();
  // One lecture held directly (subject 2), and the card every tenth lecture is sold under.
  await harness.db
    .insertInto('entitlements')
    .values([
      { user_id: readers.byLecture.id, resource_type: 'lecture', resource_id: lectureIds[PER_SUBJECT + 4]! },
      { user_id: readers.byLecture.id, subscription_id: otherCard },
      { user_id: readers.another.id, resource_type: 'lecture', resource_id: lectureIds[0]! },
    ])
    .execute();
}, 120_000);

describe('a course of 1,500 lectures, read a part at a time', () => {
  it('answers the course as a summary with the first page and the first days, at most 30 KB gzipped', async () => {
    const response = await harness.injectWith(readers.nothing.cookie)('GET', `/api/student/courses/${courseId}`, undefined, { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThanOrEqual(30 * 1024);
    const course = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(course.subjects).toHaveLength(SUBJECTS);
    expect(course.subjects[0]).toEqual({ _id: subjectIds[0], title: 'Subject 1', lectureCount: PER_SUBJECT });
    expect(course.firstSubjectLectures).toMatchObject({ page: 1, hasMore: false, total: PER_SUBJECT });
    expect(course.firstSubjectLectures.items).toHaveLength(PER_SUBJECT);
    expect(course.dayIndexes).toEqual(Array.from({ length: SUBJECTS * 2 }, (_, i) => i + 1));
    expect(course.firstDays.map((day: { dayIndex: number }) => day.dayIndex)).toEqual([1, 2, 3]);
    expect(JSON.stringify(course)).not.toContain(lectureIds[PER_SUBJECT * 10]!);
  });

  it('answers a subject a page at a time and the schedule a few days at a time, with ETags', async () => {
    const page = await harness.injectWith(readers.holder.cookie)('GET', `/api/student/courses/${courseId}/subjects/${subjectIds[4]}/lectures?page=1`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      page: 1,
      pageSize: STUDENT_COURSE_PAGING.lecturesPerPage,
      hasMore: false,
      total: PER_SUBJECT,
    });
    expect(page.json().items.map((lecture: { _id: string }) => lecture._id)).toEqual(lectureIds.slice(4 * PER_SUBJECT, 5 * PER_SUBJECT));
    expect(page.json().items.every((lecture: { canWatch: boolean }) => lecture.canWatch)).toBe(true);
    const again = await harness.injectWith(readers.holder.cookie)(
      'GET',
      `/api/student/courses/${courseId}/subjects/${subjectIds[4]}/lectures?page=1`,
      undefined,
      { 'if-none-match': page.headers.etag as string },
    );
    expect(again.statusCode).toBe(304);
    expect(
      (await harness.injectWith(readers.holder.cookie)('GET', `/api/student/courses/${courseId}/subjects/${subjectIds[4]}/lectures?page=2`)).json().items,
    ).toEqual([]);

    const days = await harness.injectWith(readers.holder.cookie)('GET', `/api/student/courses/${courseId}/days?from=10&to=16`);
    expect(days.statusCode, days.body).toBe(200);
    expect(days.json().days.map((day: { dayIndex: number }) => day.dayIndex)).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(days.json().nextDayIndex).toBe(17);
    expect(days.json().days[0].lectures[0].lecture[0]).toMatchObject({ title: expect.any(String), canWatch: true, available: true, topic: 'Subject 5' });
    expect((await harness.injectWith(readers.holder.cookie)('GET', `/api/student/courses/${courseId}/days?from=55&to=61`)).json()).toMatchObject({
      nextDayIndex: null,
    });
  });

  it('shows a student who holds lectures one by one exactly those (and the free one) as watchable, on every page, as playback decides', async () => {
    const watchable = new Set<string>();
    for (const subjectId of subjectIds) {
      const page = (await harness.injectWith(readers.byLecture.cookie)('GET', `/api/student/courses/${courseId}/subjects/${subjectId}/lectures?page=1`)).json();
      for (const lecture of page.items as Array<{ _id: string; canWatch: boolean }>) if (lecture.canWatch) watchable.add(lecture._id);
    }
    const expected = new Set(lectureIds.filter((_, i) => i === 2 || i === PER_SUBJECT + 4 || i % 10 === 9));
    expect(watchable).toEqual(expected);
    const days = (await harness.injectWith(readers.byLecture.cookie)('GET', `/api/student/courses/${courseId}/days?from=3&to=4`)).json();
    const onDays = days.days.flatMap((day: { lectures: Array<{ lecture: Array<{ _id: string; canWatch: boolean }> }> }) =>
      day.lectures.flatMap((group) => group.lecture),
    );
    for (const lecture of onDays) expect(lecture.canWatch).toBe(expected.has(lecture._id));
    for (const id of [lectureIds[PER_SUBJECT + 4]!, lectureIds[9]!, lectureIds[2]!]) {
      expect((await harness.injectWith(readers.byLecture.cookie)('POST', `/api/student/lectures/${id}/playback`)).statusCode).toBe(200);
    }
    expect((await harness.injectWith(readers.byLecture.cookie)('POST', `/api/student/lectures/${lectureIds[0]}/playback`)).statusCode).toBe(403);
    // Another student holding other lectures sees theirs, not the first one's (answers are shared only by students holding the same).
    const watchableOn = async (cookie: string) =>
      (
        (await harness.injectWith(cookie)('GET', `/api/student/courses/${courseId}`)).json().firstSubjectLectures.items as Array<{
          _id: string;
          canWatch: boolean;
        }>
      )
        .filter((lecture) => lecture.canWatch)
        .map((lecture) => lecture._id);
    expect(await watchableOn(readers.another.cookie)).toEqual([lectureIds[0], lectureIds[2]]);
    expect(await watchableOn(readers.byLecture.cookie)).toEqual([lectureIds[2], lectureIds[9], lectureIds[19], lectureIds[29], lectureIds[39], lectureIds[49]]);
    // Someone who holds nothing sees only the free lecture as watchable.
    const first = (await harness.injectWith(readers.nothing.cookie)('GET', `/api/student/courses/${courseId}`)).json();
    expect(
      first.firstSubjectLectures.items.filter((lecture: { canWatch: boolean }) => lecture.canWatch).map((lecture: { _id: string }) => lecture._id),
    ).toEqual([lectureIds[2]]);
  });

  it('shows lecture grants given, revoked, expired or not yet started at once, while the course stays cached, as playback decides', async () => {
    const user = await createUser(harness.db, { email: 'changing@example.com' });
    const cookie = await harness.signIn('changing@example.com');
    const grant = async (index: number, extra: { starts_at?: Date; expires_at?: Date } = {}) =>
      (
        await harness.db
          .insertInto('entitlements')
          .values({ user_id: user.id, resource_type: 'lecture', resource_id: lectureIds[index]!, ...extra })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const watchable = async () => {
      const pages = await Promise.all(
        [`/api/student/courses/${courseId}`, `/api/student/courses/${courseId}/subjects/${subjectIds[0]}/lectures?page=1`].map(async (url) =>
          (await harness.injectWith(cookie)('GET', url)).json(),
        ),
      );
      const [course, page] = pages as [
        { firstSubjectLectures: { items: Array<{ _id: string; canWatch: boolean }> } },
        { items: Array<{ _id: string; canWatch: boolean }> },
      ];
      const onCourse = course.firstSubjectLectures.items.filter((lecture) => lecture.canWatch).map((lecture) => lecture._id);
      expect(page.items.filter((lecture) => lecture.canWatch).map((lecture) => lecture._id)).toEqual(onCourse);
      return onCourse;
    };
    const plays = async (index: number) => (await harness.injectWith(cookie)('POST', `/api/student/lectures/${lectureIds[index]}/playback`)).statusCode === 200;
    const [first, second, free, , fifth] = [0, 1, 2, 3, 4].map((index) => lectureIds[index]!);

    expect(await watchable()).toEqual([free]);
    const firstGrant = await grant(0);
    const secondGrant = await grant(1);
    expect(await watchable()).toEqual([first, second, free]);
    expect([await plays(0), await plays(1), await plays(3)]).toEqual([true, true, false]);
    await harness.db.updateTable('entitlements').set({ revoked_at: new Date() }).where('id', '=', firstGrant).execute();
    expect(await watchable()).toEqual([second, free]);
    expect(await plays(0)).toBe(false);
    await harness.db
      .updateTable('entitlements')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', secondGrant)
      .execute();
    await grant(3, { starts_at: new Date(Date.now() + 3_600_000) });
    expect(await watchable()).toEqual([free]);
    expect([await plays(1), await plays(3)]).toEqual([false, false]);
    // Holding what another student holds (the first lecture), then a lecture by two grants.
    await grant(0);
    expect(await watchable()).toEqual([first, free]);
    await grant(4);
    await grant(4);
    expect(await watchable()).toEqual([first, free, fifth]);
    expect([await plays(0), await plays(4), await plays(3)]).toEqual([true, true, false]);
  });

  it('refuses bad pages and ranges with 400 naming the field, and answers 404 for an unknown subject', async () => {
    for (const [query, field] of [
      ['subjects/{s}/lectures?page=0', 'page'],
      ['subjects/{s}/lectures?page=x', 'page'],
      ['days?from=5&to=4', 'to'],
      ['days?from=1&to=8', 'to'],
      ['days?from=a&to=3', 'from'],
      ['days?to=3', 'from'],
    ] as const) {
      const response = await harness.injectWith(readers.holder.cookie)('GET', `/api/student/courses/${courseId}/${query.replace('{s}', subjectIds[0]!)}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(field);
    }
    expect((await harness.injectWith(readers.holder.cookie)('GET', `/api/student/courses/${courseId}/subjects/${courseId}/lectures`)).statusCode).toBe(404);
    expect((await harness.injectWith(readers.holder.cookie)('GET', `/api/student/courses/${courseId}/subjects/nonsense/lectures`)).statusCode).toBe(404);
  });
});
