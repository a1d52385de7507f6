import { describe, expect, it } from 'vitest';
import { COURSE_MESSAGES } from '../../../shared/courses/course.constants.ts';
import { COURSE_WARNINGS } from '../../../shared/courses/course-publish.rules.ts';
import { createUser } from '../../support/test-app.ts';
import { multipartBody, TINY_PDF, TINY_PNG } from '../../support/multipart.ts';
import { useApp } from '../../support/app-harness.ts';
import { createRateCard as createRateCardRow } from '../../support/factories/course.ts';
import { createLecture as createLectureRow } from '../../support/factories/lecture.ts';
import { createRankFile } from '../../support/factories/rank-file.ts';
import { editableExam } from '../../support/exam-factory.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';

const harness = useApp({ roles: ['admin', 'manager', 'marketing', 'staff'], names: { admin: 'Asha' } });
const asStaff = harness.injectAs('staff');
const asMarketing = harness.injectAs('marketing');
const asManager = harness.injectAs('manager');
const asAdmin = harness.injectAs('admin');

async function createCourse(title = 'LDC Complete Course 2026') {
  const response = await asAdmin('POST', '/api/admin/courses', { title });
  expect(response.statusCode).toBe(200);
  return response.json()._id as string;
}

function createLecture(title: string, published = true) {
  return createLectureRow(harness.db, { title, is_visible: published, is_published: published });
}

async function createExam(title: string, published = true) {
  const row = await harness.db
    .insertInto('exams')
    .values({ title, template_id: 'mock-test', is_visible: published, is_published: published })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function createRateCard(title = 'LDC 12 months') {
  return createRateCardRow(harness.db, { title, net_amount: 1180 });
}

async function getCourse(id: string) {
  const response = await asAdmin('GET', `/api/admin/courses/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('adding and listing courses', () => {
  it('adds a course from a title, lists it newest first, and refuses a blank title with the message', async () => {
    const first = await createCourse('VEO Crash Course');
    const second = await createCourse('  LGS Special  ');
    const list = (await asAdmin('GET', '/api/admin/courses')).json() as Array<{ _id: string; title: string; isPublished: boolean; courseRateCard: unknown }>;
    expect(list.findIndex((course) => course._id === second)).toBeLessThan(list.findIndex((course) => course._id === first));
    expect(list.find((course) => course._id === second)).toMatchObject({ title: 'LGS Special', isPublished: false, courseRateCard: null });

    const blank = await asAdmin('POST', '/api/admin/courses', { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: COURSE_MESSAGES.titleRequired, field: 'title' });
    const long = await asAdmin('POST', '/api/admin/courses', { title: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
  });

  it('answers every course id and title at /api/admin/course-title', async () => {
    const id = await createCourse('Degree Level Prelims');
    const titles = (await asAdmin('GET', '/api/admin/course-title')).json() as Array<{ _id: string; title: string }>;
    expect(titles).toContainEqual({ _id: id, title: 'Degree Level Prelims' });
  });

  it('says "Course not found" for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const response = await asAdmin('GET', `/api/admin/courses/${id}`);
      expect(response.statusCode, id).toBe(id === UNKNOWN_ID ? 404 : 400);
      expect(response.json().message).toBe(COURSE_MESSAGES.notFound);
    }
  });
});

describe('saving a course', () => {
  it('saves subjects with their lectures, days and topics, exams with their days, rank files and rate cards, and reads them back in order', async () => {
    const id = await createCourse();
    const [l1, l2, l3] = [await createLecture('Mughals'), await createLecture('Rivers'), await createLecture('Fractions')];
    const exam = await createExam('Mock 1');
    const rateCard = await createRateCard();
    const extra = await createRateCard('Combo');
    const rankFile = await createRankFile(harness.db, { title: 'LDC ranks' });
    const saved = await asAdmin('PUT', `/api/admin/courses/${id}`, {
      value: {
        title: 'LDC Complete Course 2026',
        isVisible: true,
        courseRateCardId: rateCard,
        attachedSubscriptions: [{ subscriptionId: extra }],
        subjects: [
          {
            title: 'History',
            lectures: [l1, l2],
            lectureDaySchedulePlan: { [l1]: [1], [l2]: [2, 2] },
            lectureTopicMetadata: { [l2]: 'Geography within history' },
          },
          { title: 'Maths', lectures: [l3], lectureDaySchedulePlan: { [l3]: [3] } },
        ],
        exams: [{ exam, dayTags: [3] }],
        rankFiles: [rankFile],
        studyPlanNotes: [{ id: 'n1', afterDayIndex: -1, title: ' Welcome ', content: ' Start here ' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ isPublished: true, publishWarnings: [], version: 2 });
    expect(saved.json().subjectIds).toHaveLength(2);

    const course = await getCourse(id);
    expect(course.subjects.map((subject: { _id: string }) => subject._id)).toEqual(saved.json().subjectIds);
    expect(course.subjects.map((subject: { title: string }) => subject.title)).toEqual(['History', 'Maths']);
    expect(course.subjects[0].lectures.map((lecture: { _id: string }) => lecture._id)).toEqual([l1, l2]);
    expect(course.subjects[0].lectureDaySchedulePlan).toEqual({ [l1]: [1], [l2]: [2] });
    expect(course.subjects[0].lectureTopicMetadata).toEqual({ [l2]: 'Geography within history' });
    expect(course.exams).toEqual([{ dayTags: [3], exam, exams: expect.objectContaining({ _id: exam, title: 'Mock 1', isPublished: true }) }]);
    expect(course.rankFiles).toEqual([{ _id: rankFile, title: 'LDC ranks', masterSubscription: null }]);
    expect(course.courseRateCard).toEqual({ _id: rateCard, title: 'LDC 12 months', netAmount: 1180 });
    expect(course.attachedSubscriptions).toEqual([{ subscriptionId: extra }]);
    expect(course.studyPlanNotes[0]).toMatchObject({ id: 'n1', title: 'Welcome', content: 'Start here', visible: true });
    expect(course.studyPlanNotes[0].createdAt).toEqual(expect.any(String));
    expect((await asAdmin('GET', '/api/admin/courses')).json().find((entry: { _id: string }) => entry._id === id)).toMatchObject({ isPublished: true });

    // Moving the second subject first and dropping a lecture keeps the subject (same id) and the order.
    const historyId = course.subjects[0]._id;
    const mathsId = course.subjects[1]._id;
    const moved = await asAdmin('PUT', `/api/admin/courses/${id}`, {
      version: 2,
      value: {
        title: 'LDC Complete Course 2026',
        isVisible: true,
        courseRateCardId: rateCard,
        subjects: [
          { _id: mathsId, title: 'Maths', lectures: [l3], lectureDaySchedulePlan: { [l3]: [1] } },
          { _id: historyId, title: 'History', lectures: [l2], lectureDaySchedulePlan: { [l2]: [2] } },
        ],
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const again = await getCourse(id);
    expect(again.subjects.map((subject: { _id: string }) => subject._id)).toEqual([mathsId, historyId]);
    expect(again.subjects[1].lectures.map((lecture: { _id: string }) => lecture._id)).toEqual([l2]);
    expect(again.exams).toEqual([]);
  });

  it('lists what keeps a course offline, one warning per missing thing, and keeps it unpublished', async () => {
    const id = await createCourse();
    const hidden = await createLecture('Draft lecture', false);
    const draftExam = await createExam('Draft exam', false);
    const response = await asAdmin('PUT', `/api/admin/courses/${id}`, {
      value: {
        title: 'Offline course',
        isVisible: true,
        subjects: [
          { title: 'Empty', lectures: [] },
          { title: 'Physics', lectures: [hidden], lectureDaySchedulePlan: { [hidden]: [1] } },
        ],
        exams: [{ exam: draftExam, dayTags: [4] }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().isPublished).toBe(false);
    expect(response.json().publishWarnings).toEqual([
      COURSE_WARNINGS.emptySubject('Empty'),
      COURSE_WARNINGS.noRateCard,
      COURSE_WARNINGS.unpublishedLecture('Draft lecture', 'Physics'),
      COURSE_WARNINGS.unpublishedExam('Draft exam'),
      'Days 2–3 have nothing on them',
    ]);
  });

  it('refuses a lecture twice in a subject, an exam twice, unknown lectures, exams, rank files, rate cards and files, changing nothing', async () => {
    const id = await createCourse('Refusals');
    const lecture = await createLecture('Once');
    const exam = await createExam('Once');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ subjects: [{ title: 'S', lectures: [lecture, lecture] }] }, 'A lecture is in the subject “S” more than once', 'value.subjects'],
      [
        {
          exams: [
            { exam, dayTags: [] },
            { exam, dayTags: [1] },
          ],
        },
        'An exam is attached more than once',
        'value.exams',
      ],
      [{ subjects: [{ title: 'S', lectures: [UNKNOWN_ID] }] }, `Lecture not found: ${UNKNOWN_ID}`, 'value.subjects'],
      [{ exams: [{ exam: UNKNOWN_ID, dayTags: [] }] }, `Exam not found: ${UNKNOWN_ID}`, 'value.exams'],
      [{ rankFiles: [UNKNOWN_ID] }, `Rank file not found: ${UNKNOWN_ID}`, 'value.rankFiles'],
      [{ courseRateCardId: UNKNOWN_ID }, 'The rate card was not found', 'value.courseRateCardId'],
      [{ bannerImageId: UNKNOWN_ID }, 'The banner image was not found', 'value.bannerImageId'],
      [{ subjects: [{ _id: UNKNOWN_ID, title: "Someone else's", lectures: [] }] }, 'Subject not found: open the course again', 'value.subjects'],
      [{ subjects: [{ title: ' ', lectures: [] }] }, COURSE_MESSAGES.subjectTitleRequired, 'value.subjects[0].title'],
      [{ studyPlanNotes: [{ id: 'n', afterDayIndex: 1, content: '   ' }] }, COURSE_MESSAGES.noteContentRequired, 'value.studyPlanNotes[0].content'],
      [{ exams: [{ exam, dayTags: [2 ** 31] }] }, '', 'value.exams[0].dayTags[0]'],
    ];
    for (const [patch, message, field] of cases) {
      const response = await asAdmin('PUT', `/api/admin/courses/${id}`, { value: { title: 'Changed', ...patch } });
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      if (message) expect(response.json().message).toBe(message);
      expect(response.json().field).toBe(field);
    }
    const course = await getCourse(id);
    expect(course).toMatchObject({ title: 'Refusals', version: 1, subjects: [], exams: [] });
  });

  it('refuses a stale save with who saved it, and lets exactly one of two saves of the same version through', async () => {
    const id = await createCourse('Two editors');
    const body = (title: string) => ({ version: 1, value: { title } });
    const [a, b] = await Promise.all([asAdmin('PUT', `/api/admin/courses/${id}`, body('First')), asAdmin('PUT', `/api/admin/courses/${id}`, body('Second'))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().stale).toMatchObject({ version: 2, updatedBy: 'Asha' });
  });
});

describe('publishing follows what is in the course', () => {
  it('takes a course offline when one of its lectures or exams is taken offline, and publishes it again when they are back, without a save of the course', async () => {
    const id = await createCourse('Follows its parts');
    const lecture = await createLecture('Part lecture');
    const exam = await createExam('Part exam');
    const rateCard = await createRateCard();
    const value = {
      title: 'Follows its parts',
      isVisible: true,
      courseRateCardId: rateCard,
      subjects: [{ title: 'S', lectures: [lecture], lectureDaySchedulePlan: { [lecture]: [1] } }],
      exams: [{ exam, dayTags: [2] }],
    };
    expect((await asAdmin('PUT', `/api/admin/courses/${id}`, { value })).json().isPublished).toBe(true);

    // The lecture is switched off in its editor: the course goes offline, naming it.
    const hidden = await asAdmin('PUT', `/api/admin/lecture/${lecture}`, { value: { title: 'Part lecture', isVisible: false } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    let course = await getCourse(id);
    expect(course.isPublished).toBe(false);
    expect(course.publishWarnings).toEqual([COURSE_WARNINGS.unpublishedLecture('Part lecture', 'S')]);
    expect(course.version).toBe(2);

    // The exam is saved hidden too: both are named.
    const examValue = (await asAdmin('GET', `/api/admin/exams/details/${exam}`)).json();
    const rest = editableExam(examValue, ['version']);
    const examSave = await asAdmin('PUT', `/api/admin/exams/${exam}`, { value: { ...rest, isVisible: false } });
    expect(examSave.statusCode, examSave.body).toBe(200);
    course = await getCourse(id);
    expect(course.publishWarnings).toEqual([COURSE_WARNINGS.unpublishedLecture('Part lecture', 'S'), COURSE_WARNINGS.unpublishedExam('Part exam')]);

    // The lecture is back on: only the exam is named (saved with no questions, it stays offline).
    expect(examSave.json().isPublished).toBe(false);
    const back = await asAdmin('PUT', `/api/admin/lecture/${lecture}`, {
      value: { title: 'Part lecture', isVisible: true, youtubeLink: 'dQw4w9WgXcQ', lecturerName: 'Teacher' },
    });
    expect(back.json().isPublished).toBe(true);
    course = await getCourse(id);
    expect(course).toMatchObject({ isPublished: false, publishWarnings: [COURSE_WARNINGS.unpublishedExam('Part exam')], version: 2 });

    // And once the exam is published again (as the rank sync or a later save would find it), the course follows.
    await harness.db.updateTable('exams').set({ is_published: true }).where('id', '=', exam).execute();
    await asAdmin('PUT', `/api/admin/lecture/${lecture}`, {
      value: { title: 'Part lecture', isVisible: true, youtubeLink: 'dQw4w9WgXcQ', lecturerName: 'Teacher' },
    });
    expect(await getCourse(id)).toMatchObject({ isPublished: true, publishWarnings: [], version: 2 });
  });
});

describe('duplicating a course', () => {
  it('makes N hidden copies with the subjects, lecture links, exams and notes, and refuses a count below 1', async () => {
    const id = await createCourse('Source course');
    const lecture = await createLecture('Copied lecture');
    const exam = await createExam('Copied exam');
    const rateCard = await createRateCard();
    expect(
      (
        await asAdmin('PUT', `/api/admin/courses/${id}`, {
          value: {
            title: 'Source course',
            isVisible: true,
            courseRateCardId: rateCard,
            subjects: [
              { title: 'Only subject', lectures: [lecture], lectureDaySchedulePlan: { [lecture]: [1] }, lectureTopicMetadata: { [lecture]: 'Topic' } },
            ],
            exams: [{ exam, dayTags: [1] }],
            studyPlanNotes: [{ id: 'n1', afterDayIndex: 1, content: 'Revise' }],
          },
        })
      ).statusCode,
    ).toBe(200);

    for (const count of [0, -1, 1.5, 'two']) {
      const refused = await asAdmin('POST', `/api/admin/course/duplicate/${id}`, { count });
      expect(refused.statusCode, String(count)).toBe(400);
      expect(refused.json().message).toBe(COURSE_MESSAGES.countTooSmall);
    }
    const response = await asAdmin('POST', `/api/admin/course/duplicate/${id}`, { count: 2 });
    expect(response.statusCode, response.body).toBe(200);
    const copies = response.json()._ids as string[];
    expect(copies).toHaveLength(2);
    for (const [index, copyId] of copies.entries()) {
      const copy = await getCourse(copyId);
      expect(copy).toMatchObject({ title: `Source course (copy ${index + 1})`, isVisible: false, isPublished: false, courseRateCardId: rateCard });
      expect(copy.subjects).toHaveLength(1);
      expect(copy.subjects[0]._id).not.toBe((await getCourse(id)).subjects[0]._id);
      expect(copy.subjects[0]).toMatchObject({
        title: 'Only subject',
        lectureDaySchedulePlan: { [lecture]: [1] },
        lectureTopicMetadata: { [lecture]: 'Topic' },
      });
      expect(copy.exams.map((entry: { exam: string }) => entry.exam)).toEqual([exam]);
      expect(copy.studyPlanNotes.map((note: { content: string }) => note.content)).toEqual(['Revise']);
    }
    expect((await asAdmin('POST', `/api/admin/course/duplicate/${UNKNOWN_ID}`, { count: 1 })).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('refuses to delete a course students hold, naming them; deletes one nobody holds, leaving its lectures', async () => {
    const id = await createCourse('Held course');
    const student = await createUser(harness.db, { email: 'student@example.com', roles: [], name: 'Anu' });
    await harness.db.insertInto('entitlements').values({ user_id: student.id, resource_type: 'course', resource_id: id }).execute();
    const refused = await asAdmin('DELETE', `/api/admin/courses/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'has-warnings', warnings: ['Active entitlement: Anu (student@example.com)'] });

    const free = await createCourse('Free course');
    const lecture = await createLecture('Stays');
    await asAdmin('PUT', `/api/admin/courses/${free}`, { value: { title: 'Free course', subjects: [{ title: 'S', lectures: [lecture] }] } });
    expect((await asAdmin('DELETE', `/api/admin/courses/${free}`)).json()).toEqual({ status: 'deleted' });
    expect((await asAdmin('GET', `/api/admin/courses/${free}`)).statusCode).toBe(404);
    expect(await harness.db.selectFrom('lectures').select('id').where('id', '=', lecture).executeTakeFirst()).toBeDefined();
  });
});

async function uploadAsset(fileName: string, content: Buffer): Promise<string> {
  const body = multipartBody([{ fileName, content }]);
  const response = await asAdmin('POST', '/api/assets/private', body.payload, body.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0]._id as string;
}

describe('what a course uses cannot be deleted from under it', () => {
  it('refuses to delete its lectures, exams and files, naming the course, and saves the files with their names and sizes', async () => {
    const id = await createCourse('Course in use');
    const lecture = await createLecture('Lecture in use');
    const exam = await createExam('Exam in use');
    const banner = await uploadAsset('banner.png', TINY_PNG);
    const syllabus = await uploadAsset('syllabus.pdf', TINY_PDF);
    const saved = await asAdmin('PUT', `/api/admin/courses/${id}`, {
      value: {
        title: 'Course in use',
        bannerImageId: banner,
        syllabus: [{ resId: 's1', pdfFileId: syllabus, fileName: 'whatever.pdf', fileSizeInBytes: 1 }],
        previousQuestions: [{ resId: 'p1', pdfFileId: syllabus, year: 2024 }],
        subjects: [{ title: 'S', lectures: [lecture] }],
        exams: [{ exam, dayTags: [1] }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const course = await getCourse(id);
    expect(course.syllabus).toEqual([
      { resId: 's1', pdfFileId: syllabus, fileName: 'syllabus.pdf', fileSizeInBytes: TINY_PDF.length, isActive: true, year: 0 },
    ]);
    expect(course.previousQuestions[0]).toMatchObject({ year: 2024, fileName: 'syllabus.pdf' });
    expect(course.bannerImageFizeSizeInBytes).toBe(TINY_PNG.length);

    const lectureDelete = await asAdmin('DELETE', `/api/admin/lecture/${lecture}`);
    expect(lectureDelete.statusCode).toBe(409);
    expect(lectureDelete.json()).toMatchObject({ type: 'has-warnings', warnings: ['It is in the course “Course in use”'] });
    const examDelete = await asAdmin('DELETE', `/api/admin/exams/${exam}`);
    expect(examDelete.statusCode).toBe(409);
    expect(examDelete.json()).toMatchObject({ type: 'has-warnings', warnings: ['It is on the plan of the course “Course in use”'] });
    const bannerDelete = await asAdmin('DELETE', `/api/assets/${banner}`);
    expect(bannerDelete.statusCode).toBe(409);
    expect(bannerDelete.json().warnings).toEqual(['It is the banner image of the course “Course in use”']);
    const pdfDelete = await asAdmin('DELETE', `/api/assets/${syllabus}`);
    expect(pdfDelete.json().warnings).toEqual(['It is the previous questions of the course “Course in use”']);

    // Once the course lets go of them, they can go.
    expect((await asAdmin('PUT', `/api/admin/courses/${id}`, { value: { title: 'Course in use' } })).statusCode).toBe(200);
    for (const url of [`/api/admin/lecture/${lecture}`, `/api/admin/exams/${exam}`, `/api/assets/${banner}`, `/api/assets/${syllabus}`]) {
      expect((await asAdmin('DELETE', url)).statusCode, url).toBe(200);
    }
  });

  it('refuses a file of the wrong kind in a course slot', async () => {
    const id = await createCourse('Wrong kinds');
    const image = await uploadAsset('cover.png', TINY_PNG);
    const response = await asAdmin('PUT', `/api/admin/courses/${id}`, { value: { title: 'Wrong kinds', dayPlannerPdfId: image } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The day planner was not found', field: 'value.dayPlannerPdfId' });
  });
});

describe('roles', () => {
  it('lets marketing read the list and titles only, refuses staff the courses, and lets a manager edit', async () => {
    const id = await createCourse('Role course');
    expect((await asMarketing('GET', '/api/admin/courses')).statusCode).toBe(200);
    expect((await asMarketing('GET', '/api/admin/course-title')).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['GET', `/api/admin/courses/${id}`, undefined],
      ['POST', '/api/admin/courses', { title: 'By marketing' }],
      ['PUT', `/api/admin/courses/${id}`, { value: { title: 'By marketing' } }],
      ['DELETE', `/api/admin/courses/${id}`, undefined],
      ['POST', `/api/admin/course/duplicate/${id}`, { count: 1 }],
    ] as const) {
      expect((await asMarketing(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await asStaff('GET', '/api/admin/courses')).statusCode).toBe(403);
    expect((await asStaff('GET', '/api/admin/course-title')).statusCode).toBe(200);
    expect((await asManager('GET', `/api/admin/courses/${id}`)).statusCode).toBe(200);
    expect((await asManager('PUT', `/api/admin/courses/${id}`, { value: { title: 'By a manager' } })).statusCode).toBe(200);
  });
});
