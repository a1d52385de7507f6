import { beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_COURSE_MESSAGES } from '../../../shared/courses/student-courses.schema.ts';
import { signAsset, signatureQuery } from '../../../server/access/asset-urls.ts';
import { cardsFreeTo } from '../../../server/lakshya-students/free-access.repository.ts';
import { createUser, testConfig } from '../../support/test-app.ts';
import { createPaidRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { multipartBody, TINY_PDF } from '../../support/multipart.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
const students: Array<{ id: string; cookie: string }> = [];

beforeAll(async () => {
  for (let i = 1; i <= 3; i += 1) {
    const user = await createUser(harness.db, { email: `learner${i}@example.com`, name: `Learner ${i}` });
    students.push({ id: user.id, cookie: await harness.signIn(`learner${i}@example.com`) });
  }
});

async function publishedLecture(title: string, rateCard: string | null) {
  const body = multipartBody([{ fileName: `${title}.pdf`, content: TINY_PDF }]);
  const upload = await asAdmin('POST', '/api/assets/private', body.payload, body.headers);
  const pdf = upload.json()[0]._id as string;
  const row = await harness.db
    .insertInto('lectures')
    .values({
      title,
      is_visible: true,
      is_published: true,
      master_subscription_id: rateCard,
      youtube_link: 'dQw4w9WgXcQ',
      video_duration_in_minutes: 30,
      notes: JSON.stringify([{ resId: 'n1', lectureResId: '', pdfFileId: pdf, fileName: `${title}.pdf`, fileSizeInBytes: TINY_PDF.length }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, pdf };
}

/** A published, paid course: one subject with the lecture on days 1 and 2, the exam on day 3, a visible and a hidden note. */
async function paidCourse() {
  const card = await createPaidRateCard(harness.db, `Course card ${Date.now()}`);
  const lecture = await publishedLecture(`Lecture ${Date.now()}`, card);
  const { id: exam } = await createPublishedExam(harness.app, harness.cookie('admin'), {
    title: 'Course mock',
    questionGroups: [questionGroup(2)],
    masterSubscription: card,
  });
  const created = await asAdmin('POST', '/api/admin/courses', { title: 'Paid course' });
  const id = created.json()._id as string;
  const saved = await asAdmin('PUT', `/api/admin/courses/${id}`, {
    value: {
      title: 'Paid course',
      isVisible: true,
      courseRateCardId: card,
      subjects: [
        { title: 'Polity', lectures: [lecture.id], lectureDaySchedulePlan: { [lecture.id]: [1, 2] } },
        { title: 'Hidden subject', isActive: false },
      ],
      exams: [{ exam, dayTags: [3] }],
      studyPlanNotes: [
        { id: 'shown', afterDayIndex: -1, content: 'Welcome' },
        { id: 'hidden', afterDayIndex: 1, content: 'Draft', visible: false },
      ],
    },
  });
  expect(saved.json(), saved.body).toMatchObject({ isPublished: true });
  return { id, card, lecture, exam };
}

describe('the course catalogue', () => {
  it('lists published courses with their prices and whether the student holds each; not a hidden one', async () => {
    const { id } = await paidCourse();
    const hidden = (await asAdmin('POST', '/api/admin/courses', { title: 'Hidden course' })).json()._id as string;
    const list = (await harness.injectWith(students[0]!.cookie)('GET', '/api/student/courses')).json().items as Array<{
      _id: string;
      entitled: boolean;
      price: { netPaise: number; term: string } | null;
    }>;
    const entry = list.find((course) => course._id === id);
    expect(entry).toMatchObject({ entitled: false, price: { netPaise: expect.any(Number), term: expect.any(String) } });
    expect(list.some((course) => course._id === hidden)).toBe(false);
    expect((await harness.injectWith(students[0]!.cookie)('GET', `/api/student/courses/${hidden}`)).statusCode).toBe(404);
    expect((await asNobody('GET', '/api/student/courses')).statusCode).toBe(401);
  });

  it('answers 304 without a body to an app asking again with the ETag, and the new course once it changed', async () => {
    const { id } = await paidCourse();
    const cookie = students[1]!.cookie;
    const first = await harness.injectWith(cookie)('GET', `/api/student/courses/${id}`);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await harness.injectWith(cookie)('GET', `/api/student/courses/${id}`, undefined, { 'if-none-match': `"other", W/${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Holding the course changes what this student sees (canWatch): a new tag and the whole answer.
    await harness.db.insertInto('entitlements').values({ user_id: students[1]!.id, resource_type: 'course', resource_id: id }).execute();
    const changed = await harness.injectWith(cookie)('GET', `/api/student/courses/${id}`, undefined, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().entitled).toBe(true);
  });

  it('answers a course with its active subjects, the day schedule, visible notes and its exams', async () => {
    const { id, lecture, exam } = await paidCourse();
    const response = await harness.injectWith(students[0]!.cookie)('GET', `/api/student/courses/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const course = response.json();
    expect(course.subjects.map((subject: { title: string }) => subject.title)).toEqual(['Polity']);
    expect(course.subjects[0]).toMatchObject({ lectureCount: 1 });
    expect(course.firstSubjectLectures.items[0]).toMatchObject({ _id: lecture.id, canWatch: false, available: true });
    expect(course.dayIndexes).toEqual([1, 2, 3]);
    expect(course.firstDays.map((day: { title: string }) => day.title)).toEqual(['Day 1', 'Day 2', 'Day 3']);
    expect(course.firstDays[0].lectures[0]).toMatchObject({ groupTitle: 'Polity', lecture: [{ _id: lecture.id, topic: 'Polity', canWatch: false }] });
    expect(course.firstDays[2].exams).toEqual([{ _id: exam, exam: { _id: exam, title: 'Course mock' } }]);
    expect(course.studyPlanNotes.map((note: { id: string }) => note.id)).toEqual(['shown']);
    expect(course.exams).toEqual([expect.objectContaining({ _id: exam, dayTags: [3] })]);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');

    // Read again after a save: the change shows at once (the copy kept for readers is dropped).
    const stored = (await asAdmin('GET', `/api/admin/courses/${id}`)).json();
    const renamed = await asAdmin('PUT', `/api/admin/courses/${id}`, {
      version: stored.version,
      value: {
        title: 'Paid course, renamed',
        isVisible: true,
        courseRateCardId: stored.courseRateCardId,
        subjects: [{ _id: stored.subjects[0]._id, title: 'Polity', lectures: [lecture.id], lectureDaySchedulePlan: { [lecture.id]: [1] } }],
        exams: [{ exam, dayTags: [2] }],
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const again = (await harness.injectWith(students[0]!.cookie)('GET', `/api/student/courses/${id}`)).json();
    expect(again.title).toBe('Paid course, renamed');
    expect(again.firstDays.map((day: { title: string }) => day.title)).toEqual(['Day 1', 'Day 2']);
    // Unpublished, it is gone for students at once.
    await asAdmin('PUT', `/api/admin/courses/${id}`, { value: { title: 'Paid course, renamed', isVisible: false } });
    expect((await harness.injectWith(students[0]!.cookie)('GET', `/api/student/courses/${id}`)).statusCode).toBe(404);
  });
});

describe('what opens follows the entitlements', () => {
  it('refuses playback, notes and the exam to a student who holds nothing, and opens them through the course, its rate card, or the lecture', async () => {
    const { id, card, lecture, exam } = await paidCourse();
    const [holder, other, third] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];

    const refused = await harness.injectWith(holder.cookie)('POST', `/api/student/lectures/${lecture.id}/playback`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STUDENT_COURSE_MESSAGES.notEntitled);
    expect((await harness.injectWith(holder.cookie)('POST', `/api/student/exams/${exam}/attempts`)).statusCode).toBe(403);

    // A grant for the course opens its lecture, its notes and its exam.
    await harness.db.insertInto('entitlements').values({ user_id: holder.id, resource_type: 'course', resource_id: id }).execute();
    const playback = await harness.injectWith(holder.cookie)('POST', `/api/student/lectures/${lecture.id}/playback`);
    expect(playback.statusCode, playback.body).toBe(200);
    expect(playback.headers['cache-control']).toBe('private, no-store');
    expect(playback.json()).toMatchObject({ youtubeId: 'dQw4w9WgXcQ', hlsUrl: null });
    const expiresAt = new Date(playback.json().expiresAt).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(35 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(40 * 60_000 + 5_000);
    expect((await harness.injectWith(holder.cookie)('POST', `/api/student/exams/${exam}/attempts`)).statusCode).toBe(200);
    expect((await harness.injectWith(holder.cookie)('GET', `/api/student/courses/${id}`)).json()).toMatchObject({
      entitled: true,
      firstSubjectLectures: { items: [{ canWatch: true }] },
    });

    // The note's address opens for that student only, and not after it expires or when tampered with.
    const pdfUrl = playback.json().notes[0].pdfUrl as string;
    expect((await harness.injectWith(holder.cookie)('GET', pdfUrl)).statusCode).toBe(200);
    const stolen = await harness.injectWith(other.cookie)('GET', pdfUrl);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe('This link is for another student');
    expect((await asNobody('GET', pdfUrl)).statusCode).toBe(401);
    expect((await harness.injectWith(other.cookie)('GET', pdfUrl.replace(holder.id, other.id))).json().message).toBe('This link is not valid');
    const secret = testConfig().SESSION_SECRET;
    const expired = `/api/assets/${lecture.pdf}?${signatureQuery(signAsset(secret, lecture.pdf, new Date(Date.now() - 1000), { scope: 'pdf', student: holder.id }))}`;
    expect((await harness.injectWith(holder.cookie)('GET', expired)).json().message).toBe('This link has expired');

    // A revoked grant closes it again.
    await harness.db.updateTable('entitlements').set({ revoked_at: new Date() }).where('user_id', '=', holder.id).execute();
    expect((await harness.injectWith(holder.cookie)('POST', `/api/student/lectures/${lecture.id}/playback`)).statusCode).toBe(403);

    // The rate card opens it too, and a grant for the lecture alone opens the lecture but not the exam.
    await harness.db.insertInto('entitlements').values({ user_id: other.id, subscription_id: card }).execute();
    expect((await harness.injectWith(other.cookie)('POST', `/api/student/lectures/${lecture.id}/playback`)).statusCode).toBe(200);
    await harness.db.insertInto('entitlements').values({ user_id: third.id, resource_type: 'lecture', resource_id: lecture.id }).execute();
    expect((await harness.injectWith(third.cookie)('POST', `/api/student/lectures/${lecture.id}/playback`)).statusCode).toBe(200);
    expect((await harness.injectWith(third.cookie)('POST', `/api/student/exams/${exam}/attempts`)).statusCode).toBe(403);
  });

  it('plays a free lecture for anyone signed in; unpublished, it is temporarily unavailable (409), and 404 to whoever may not watch it or for an unknown one', async () => {
    const free = await publishedLecture('Free lecture', null);
    expect((await harness.injectWith(students[2]!.cookie)('POST', `/api/student/lectures/${free.id}/playback`)).statusCode).toBe(200);
    await harness.db.updateTable('lectures').set({ is_published: false }).where('id', '=', free.id).execute();
    const unavailable = await harness.injectWith(students[2]!.cookie)('POST', `/api/student/lectures/${free.id}/playback`);
    expect(unavailable.statusCode).toBe(409);
    expect(unavailable.json().message).toBe(STUDENT_COURSE_MESSAGES.lectureUnavailable);
    const paid = await publishedLecture('Paid draft', await createPaidRateCard(harness.db, `Draft card ${Date.now()}`));
    await harness.db.updateTable('lectures').set({ is_published: false }).where('id', '=', paid.id).execute();
    expect((await harness.injectWith(students[2]!.cookie)('POST', `/api/student/lectures/${paid.id}/playback`)).statusCode).toBe(404);
    expect((await harness.injectWith(students[2]!.cookie)('POST', '/api/student/lectures/not-an-id/playback')).statusCode).toBe(404);
  });
});

describe('free to this student: every rate card of a course counts', () => {
  const lakshyaCard = async (title: string) =>
    (
      await harness.db
        .insertInto('subscriptions')
        .values({ title, is_free: true, free_mode: 'lakshya-students', gross_amount: 0, gst_amount: 0, net_amount: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** A student whose number is on the lakshya-students list, verified (entered the code) or only typed on the account. */
  async function listedStudent(email: string, phone: string, verified: boolean) {
    const user = await createUser(harness.db, { email, phone });
    if (verified) await harness.db.updateTable('users').set({ phone_verified_at: new Date() }).where('id', '=', user.id).execute();
    await harness.db.insertInto('lakshya_students').values({ name: email, phone_number: phone }).execute();
    return { id: user.id, cookie: await harness.signIn(email) };
  }

  type Entry = { _id: string; entitled: boolean; price: { isFree: boolean; freeMode: string | null; netPaise: number } | null };
  const catalogueEntry = async (cookie: string, id: string) =>
    ((await harness.injectWith(cookie)('GET', '/api/student/courses')).json().items as Entry[]).find((course) => course._id === id);

  it('opens a course with a paid default card and a Lakshya-free extra card to a special student with a verified number, and says it is free to them', async () => {
    const { id, card, lecture, exam } = await paidCourse();
    const extra = await lakshyaCard('Lakshya batch');
    await harness.db.insertInto('course_subscriptions').values({ course_id: id, subscription_id: extra }).execute();
    const special = await listedStudent('lakshya-verified@example.com', '9847061001', true);
    const unverified = await listedStudent('lakshya-unverified@example.com', '9847061002', false);
    const plain = students[0]!;
    // What checkout asks of the course's cards.
    expect(await cardsFreeTo(harness.db, special.id, [card, extra])).toEqual(new Set([extra]));
    expect(await cardsFreeTo(harness.db, unverified.id, [card, extra])).toEqual(new Set());

    expect(await catalogueEntry(special.cookie, id)).toMatchObject({ entitled: true, price: { isFree: true, freeMode: 'lakshya-students' } });
    const course = (await harness.injectWith(special.cookie)('GET', `/api/student/courses/${id}`)).json();
    expect(course).toMatchObject({
      entitled: true,
      price: { isFree: true, freeMode: 'lakshya-students' },
      firstSubjectLectures: { items: [{ _id: lecture.id, canWatch: true }] },
    });
    expect((await harness.injectWith(special.cookie)('POST', `/api/student/lectures/${lecture.id}/playback`)).statusCode).toBe(200);
    expect((await harness.injectWith(special.cookie)('POST', `/api/student/exams/${exam}/attempts`)).statusCode).toBe(200);

    // A number typed on an older account, never verified, gives nothing; nor does being off the list.
    for (const other of [unverified, plain]) {
      expect(await catalogueEntry(other.cookie, id)).toMatchObject({ entitled: false, price: { isFree: false, freeMode: null } });
      expect((await harness.injectWith(other.cookie)('GET', `/api/student/courses/${id}`)).json()).toMatchObject({
        entitled: false,
        price: { isFree: false, freeMode: null },
      });
      expect((await harness.injectWith(other.cookie)('POST', `/api/student/lectures/${lecture.id}/playback`)).statusCode).toBe(403);
      expect((await harness.injectWith(other.cookie)('POST', `/api/student/exams/${exam}/attempts`)).statusCode).toBe(403);
    }
  });

  it('says a course is free only to whom it is: a Lakshya-free default card is not free to others, a card free for everyone is free to all', async () => {
    const lakshyaOnly = (await asAdmin('POST', '/api/admin/courses', { title: 'Lakshya only course' })).json()._id as string;
    await harness.db
      .updateTable('courses')
      .set({ course_rate_card_id: await lakshyaCard('Lakshya only'), is_published: true, is_visible: true })
      .where('id', '=', lakshyaOnly)
      .execute();
    const forEveryone = (await asAdmin('POST', '/api/admin/courses', { title: 'Free course' })).json()._id as string;
    const freeCard = (await harness.db.insertInto('subscriptions').values({ title: 'Free for all', is_free: true }).returning('id').executeTakeFirstOrThrow())
      .id;
    await harness.db
      .updateTable('courses')
      .set({ course_rate_card_id: freeCard, is_published: true, is_visible: true })
      .where('id', '=', forEveryone)
      .execute();
    const special = await listedStudent('lakshya-only@example.com', '9847061003', true);
    const plain = students[1]!;

    expect(await catalogueEntry(plain.cookie, lakshyaOnly)).toMatchObject({ entitled: false, price: { isFree: false, freeMode: null } });
    expect(await catalogueEntry(special.cookie, lakshyaOnly)).toMatchObject({ entitled: true, price: { isFree: true, freeMode: 'lakshya-students' } });
    for (const student of [plain, special]) {
      expect(await catalogueEntry(student.cookie, forEveryone)).toMatchObject({ entitled: true, price: { isFree: true, freeMode: 'none' } });
      expect((await harness.injectWith(student.cookie)('GET', `/api/student/courses/${forEveryone}`)).json()).toMatchObject({
        price: { isFree: true, freeMode: 'none' },
      });
    }
  });
});
