import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { expectNoEntry, onlyEntryBy, staffOf, withEntries, type StaffMember } from '../../support/audit-change.ts';
import { expectUnbrokenChain } from '../../support/audit-entries.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';
import { createLecture, PUBLISHED } from '../../support/factories/lecture.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';
import { multipartBody, TINY_PDF } from '../../support/multipart.ts';
import { createUser } from '../../support/test-app.ts';

const harness = useApp({ roles: ['admin', 'manager', 'marketing'], names: { admin: 'Asha', manager: 'Manu' } });
const asAdmin = harness.injectAs('admin');
const asManager = harness.injectAs('manager');
let asha: StaffMember;
let manu: StaffMember;
let bindu: StaffMember;
let asBindu: ReturnType<typeof harness.injectWith>;

beforeAll(async () => {
  asha = staffOf(harness, 'admin', 'Asha');
  manu = staffOf(harness, 'manager', 'Manu');
  const second = await createUser(harness.db, { email: 'bindu@example.com', name: 'Bindu', roles: ['admin'] });
  bindu = { id: second.id, name: 'Bindu', roles: ['admin'] };
  asBindu = harness.injectWith(await harness.signIn('bindu@example.com'));
});

async function course(title: string): Promise<string> {
  const response = await asAdmin('POST', '/api/admin/courses', { title });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
}

async function publishedExam(title: string): Promise<string> {
  const row = await harness.db
    .insertInto('exams')
    .values({ title, template_id: 'mock-test', is_visible: true, is_published: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function uploadPdf(fileName: string): Promise<string> {
  const body = multipartBody([{ fileName, content: TINY_PDF }]);
  const response = await asAdmin('POST', '/api/assets/private', body.payload, body.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0]._id as string;
}

/** What the course editor sends for a course that may be published: a rate card and a subject with a published lecture. */
async function readyValue(title: string) {
  const lecture = await createLecture(harness.db, { title: `${title}: Rivers`, ...PUBLISHED });
  return {
    title,
    isVisible: true,
    courseRateCardId: await createPaidRateCard(harness.db, `${title} card`),
    subjects: [{ title: 'Geography', lectures: [lecture], lectureDaySchedulePlan: { [lecture]: [1, 2] }, lectureTopicMetadata: { [lecture]: 'Rivers' } }],
  };
}

describe('courses: the audit log', () => {
  it('records adding, publishing, saving the plan, files and notes, unpublishing, copying and deleting a course', async () => {
    const created = await withEntries(harness, () => asAdmin('POST', '/api/admin/courses', { title: 'LDC 2026' }));
    const id = created.result.json()._id as string;
    const createEntry = onlyEntryBy(created.entries, asha);
    expect(createEntry).toMatchObject({ action: 'create', resource_type: 'course', resource_id: id, resource_title: 'LDC 2026' });
    expect(createEntry.changes).toMatchObject({ title: { from: null, to: 'LDC 2026' }, isPublished: { from: null, to: false } });

    const ready = await readyValue('LDC 2026');
    const lecture = ready.subjects[0]!.lectures[0]!;
    const exam = await publishedExam('Mock 1');
    const pdf = await uploadPdf('syllabus.pdf');
    const value = {
      ...ready,
      exams: [{ exam, dayTags: [2] }],
      syllabus: [{ resId: 's1', pdfFileId: pdf }],
      studyPlanNotes: [{ id: 'n1', afterDayIndex: -1, title: 'Welcome', content: 'Start here' }],
    };
    const publishing = await withEntries(harness, () => asAdmin('PUT', `/api/admin/courses/${id}`, { version: 1, value }));
    expect(publishing.result.json()).toMatchObject({ isPublished: true });
    const publishEntry = onlyEntryBy(publishing.entries, asha);
    expect(publishEntry.action).toBe('publish');
    expect(publishEntry.changes).toMatchObject({
      isPublished: { from: false, to: true },
      isVisible: { from: false, to: true },
      rateCard: { from: null, to: 'LDC 2026 card' },
      subjects: {
        from: [],
        to: [{ title: 'Geography', isActive: true, bannerImageId: null, lectures: [{ title: 'LDC 2026: Rivers', days: [1, 2], topic: 'Rivers' }] }],
      },
      exams: { from: [], to: [{ title: 'Mock 1', days: [2] }] },
      syllabus: { from: [], to: [{ fileName: 'syllabus.pdf', year: 0, isActive: true, pdfFileId: pdf }] },
      studyPlanNotes: { from: [], to: [{ afterDayIndex: -1, title: 'Welcome', content: 'Start here', visible: true }] },
    });

    // The editor sends back the subject's id and the note as it read them.
    const read = (await asAdmin('GET', `/api/admin/courses/${id}`)).json();
    const replanned = {
      ...value,
      subjects: [{ ...value.subjects[0], _id: read.subjects[0]._id, lectureDaySchedulePlan: { [lecture]: [1, 3] } }],
      studyPlanNotes: [{ ...read.studyPlanNotes[0], content: 'Start with rivers' }],
    };
    const saved = await withEntries(harness, () => asManager('PUT', `/api/admin/courses/${id}`, { version: 2, value: replanned }));
    const updateEntry = onlyEntryBy(saved.entries, manu);
    expect(updateEntry).toMatchObject({ action: 'update', resource_title: 'LDC 2026' });
    expect(Object.keys(updateEntry.changes).sort()).toEqual(['studyPlanNotes', 'subjects']);
    expect(updateEntry.changes.subjects).toMatchObject({ from: [{ lectures: [{ days: [1, 2] }] }], to: [{ lectures: [{ days: [1, 3] }] }] });
    expect(updateEntry.changes.studyPlanNotes).toMatchObject({ from: [{ content: 'Start here' }], to: [{ content: 'Start with rivers' }] });

    const hidden = await withEntries(harness, () => asAdmin('PUT', `/api/admin/courses/${id}`, { version: 3, value: { ...replanned, isVisible: false } }));
    expect(onlyEntryBy(hidden.entries, asha)).toMatchObject({ action: 'unpublish', changes: { isPublished: { from: true, to: false } } });

    // Attaching reports what the save already did: it changes nothing, and writes nothing.
    const attach = await withEntries(harness, () =>
      asAdmin('POST', `/api/admin/lecture/attach-course/${id}`, { addedLectureIds: [lecture], removedLectureIds: [] }),
    );
    expect(attach.result.statusCode, attach.result.body).toBe(200);
    expect(attach.entries).toEqual([]);

    const copied = await withEntries(harness, () => asAdmin('POST', `/api/admin/course/duplicate/${id}`, { count: 2 }));
    const copies = copied.result.json()._ids as string[];
    expect(copied.entries.map((entry) => [entry.action, entry.resource_id, entry.resource_title, entry.actor_id])).toEqual([
      ['create', copies[0], 'LDC 2026 (copy 1)', asha.id],
      ['create', copies[1], 'LDC 2026 (copy 2)', asha.id],
    ]);
    expect(copied.entries[0]!.changes).toMatchObject({
      copiedFrom: { from: null, to: 'LDC 2026' },
      exams: { from: null, to: [{ title: 'Mock 1', days: [2] }] },
      isPublished: { from: null, to: false },
    });

    const deleted = await withEntries(harness, () => asAdmin('DELETE', `/api/admin/courses/${id}`));
    expect(deleted.result.statusCode, deleted.result.body).toBe(200);
    const deleteEntry = onlyEntryBy(deleted.entries, asha);
    expect(deleteEntry).toMatchObject({ action: 'delete', resource_id: id, resource_title: 'LDC 2026' });
    expect(deleteEntry.changes).toMatchObject({ title: { from: 'LDC 2026', to: null }, rateCard: { from: 'LDC 2026 card', to: null } });
    await expectUnbrokenChain(harness.db);
  });

  it('writes nothing for a refused change: invalid, stale, missing, held or forbidden', async () => {
    const id = await course('Refusals');
    await expectNoEntry(harness, 400, () => asAdmin('POST', '/api/admin/courses', { title: ' ' }));
    await expectNoEntry(harness, 400, () =>
      asAdmin('PUT', `/api/admin/courses/${id}`, { version: 1, value: { title: 'X', subjects: [{ title: 'S', lectures: [UNKNOWN_ID] }] } }),
    );
    await expectNoEntry(harness, 400, () => asAdmin('PUT', `/api/admin/courses/${id}`, { version: 1, value: { title: 'X', courseRateCardId: UNKNOWN_ID } }));
    await expectNoEntry(harness, 409, () => asAdmin('PUT', `/api/admin/courses/${id}`, { version: 5, value: { title: 'X' } }));
    await expectNoEntry(harness, 404, () => asAdmin('PUT', `/api/admin/courses/${UNKNOWN_ID}`, { version: 1, value: { title: 'X' } }));
    await expectNoEntry(harness, 400, () => asAdmin('POST', `/api/admin/course/duplicate/${id}`, { count: 0 }));
    await expectNoEntry(harness, 404, () => asAdmin('POST', `/api/admin/course/duplicate/${UNKNOWN_ID}`, { count: 1 }));
    await expectNoEntry(harness, 404, () => asAdmin('DELETE', `/api/admin/courses/${UNKNOWN_ID}`));
    await expectNoEntry(harness, 403, () => harness.injectAs('marketing')('DELETE', `/api/admin/courses/${id}`));
    await expectNoEntry(harness, 403, () => harness.injectAs('marketing')('POST', '/api/admin/courses', { title: 'Not mine' }));
    const student = await createUser(harness.db, { email: 'anu@example.com', roles: [], name: 'Anu' });
    await harness.db.insertInto('entitlements').values({ user_id: student.id, resource_type: 'course', resource_id: id }).execute();
    await expectNoEntry(harness, 409, () => asAdmin('DELETE', `/api/admin/courses/${id}`));
    await expectUnbrokenChain(harness.db);
  });

  it('keeps one change and one entry when two administrators save the same copy at once', async () => {
    const id = await course('Same copy');
    const { result, entries } = await withEntries(harness, () =>
      Promise.all([
        asAdmin('PUT', `/api/admin/courses/${id}`, { version: 1, value: { title: 'Copy A' } }),
        asBindu('PUT', `/api/admin/courses/${id}`, { version: 1, value: { title: 'Copy B' } }),
      ]),
    );
    expect(result.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const saved = result.findIndex((response) => response.statusCode === 200);
    const entry = onlyEntryBy(entries, saved === 0 ? asha : bindu);
    expect(entry).toMatchObject({ action: 'update', changes: { title: { from: 'Same copy', to: saved === 0 ? 'Copy A' : 'Copy B' } } });
    await expectUnbrokenChain(harness.db);
  });

  it('records a bulk publish of two courses as two entries, one per course saved', async () => {
    const ids = [await course('Bulk one'), await course('Bulk two')];
    for (const [index, id] of ids.entries()) {
      const value = await readyValue(index === 0 ? 'Bulk one' : 'Bulk two');
      const response = await asAdmin('PUT', `/api/admin/courses/${id}`, { version: 1, value: { ...value, isVisible: false } });
      expect(response.statusCode, response.body).toBe(200);
    }
    const { result, entries } = await withEntries(harness, () => asManager('POST', '/api/admin/courses/bulk', { action: 'publish', ids }));
    expect(result.json()).toMatchObject({ done: 2, refused: 0 });
    expect(entries.map((entry) => [entry.action, entry.resource_id, entry.actor_id]).sort()).toEqual(ids.map((id) => ['publish', id, manu.id]).sort());
    for (const entry of entries) expect(entry.changes).toEqual({ isPublished: { from: false, to: true }, isVisible: { from: false, to: true } });
    await expectUnbrokenChain(harness.db);
  });
});
