import { beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import type { Storage } from '../../../server/assets/storage/storage.ts';
import { checkLectureNotes } from '../../../server/pending-pdf/pending-pdf.service.ts';
import { SCHEDULE } from '../../../shared/jobs/tasks.ts';
import { createTaskList, scheduledJobs } from '../../../worker/index.ts';
import { createUser, testConfig } from '../../support/test-app.ts';
import { multipartBody, TINY_PDF } from '../../support/multipart.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'manager'] });
const asAdmin = harness.injectAs('admin');
let storage: Storage;

beforeAll(async () => {
  storage = createStorage(testConfig());
});

async function pdf(fileName: string): Promise<{ _id: string; key: string }> {
  const body = multipartBody([{ fileName, content: TINY_PDF }]);
  const uploaded = (await asAdmin('POST', '/api/assets/private', body.payload, body.headers)).json()[0];
  const row = await harness.db.selectFrom('assets').select('storage_key').where('id', '=', uploaded._id).executeTakeFirstOrThrow();
  return { _id: uploaded._id, key: row.storage_key };
}

async function lectureWithNotes(title: string, files: Array<{ _id: string }>) {
  const id = (await asAdmin('POST', '/api/admin/lecture', { title })).json()._id as string;
  const notes = files.map((file, i) => ({ resId: `note-${i}`, pdfFileId: file._id }));
  const saved = await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title, notes } });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

const check = () => checkLectureNotes({ db: harness.db, storage });
const pending = async () =>
  (await asAdmin('GET', '/api/admin/pending-pdf')).json() as Array<{
    _id: string;
    title: string;
    missingPdfs: Array<{ fileName: string; reason: string }>;
    courses: Array<{ title: string }>;
  }>;
const pendingOf = async (id: string) => (await pending()).find((row) => row._id === id);

describe('the pending PDF report', () => {
  it('lists a lecture once the hourly check finds a note whose file is gone, with its courses, until marked resolved', async () => {
    const [kept, lost] = [await pdf('kept.pdf'), await pdf('lost.pdf')];
    const id = await lectureWithNotes('Kerala history', [kept, lost]);
    const course = (await asAdmin('POST', '/api/admin/courses', { title: 'KAS Prelims' })).json()._id as string;
    await harness.db.insertInto('course_subjects').values({ course_id: course, title: 'History', position: 1 }).execute();
    const subject = (await harness.db.selectFrom('course_subjects').select('id').where('course_id', '=', course).executeTakeFirstOrThrow()).id;
    await harness.db.insertInto('subject_lectures').values({ subject_id: subject, lecture_id: id, position: 1 }).execute();

    await check();
    expect(await pendingOf(id)).toBeUndefined();

    await storage.delete(lost.key);
    const found = await check();
    expect(found.missing).toBeGreaterThanOrEqual(1);
    expect(await pendingOf(id)).toMatchObject({
      title: 'Kerala history',
      missingPdfs: [{ fileName: 'lost.pdf', reason: 'file-gone' }],
      courses: [{ title: 'KAS Prelims' }],
    });
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json().missingPdfs).toEqual([{ pdfFileId: lost._id, fileName: 'lost.pdf' }]);

    const solved = await asAdmin('PUT', `/api/admin/mark-solved/${id}`);
    expect(solved.statusCode).toBe(200);
    expect(solved.json()).toEqual({ resolved: 1 });
    expect(await pendingOf(id)).toBeUndefined();
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json().missingPdfs).toEqual([]);
    // Still missing at the next check: it stays resolved.
    await check();
    expect(await pendingOf(id)).toBeUndefined();

    // Found again, then lost again: that is a new miss, pending again.
    await storage.put(lost.key, (await import('node:stream')).Readable.from([TINY_PDF]));
    await check();
    await storage.delete(lost.key);
    await check();
    expect((await pendingOf(id))?.missingPdfs.map((file) => file.fileName)).toEqual(['lost.pdf']);
  });

  it('counts a note whose file record is gone, and forgets a note removed from its lecture', async () => {
    const file = await pdf('chapter.pdf');
    const id = await lectureWithNotes('Indian polity', [file]);
    const ghost = '00000000-0000-4000-8000-00000000abcd';
    // A note left pointing at a file record that no longer exists (an import, a hand edit).
    await harness.db
      .updateTable('lectures')
      .set({
        notes: JSON.stringify([
          { resId: 'a', lectureResId: '', pdfFileId: file._id, fileName: 'chapter.pdf', fileSizeInBytes: 1 },
          { resId: 'b', lectureResId: '', pdfFileId: ghost, fileName: 'ghost.pdf', fileSizeInBytes: 1 },
        ]),
      })
      .where('id', '=', id)
      .execute();
    await check();
    expect((await pendingOf(id))?.missingPdfs).toMatchObject([{ fileName: 'ghost.pdf', reason: 'no-file' }]);

    const lecture = (await asAdmin('GET', `/api/admin/lecture/${id}`)).json();
    const saved = await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title: lecture.title, notes: [lecture.notes[0]] }, version: lecture.version });
    expect(saved.statusCode, saved.body).toBe(200);
    await check();
    expect(await pendingOf(id)).toBeUndefined();
  });

  it('calls nothing missing when storage cannot be reached', async () => {
    const file = await pdf('safe.pdf');
    const id = await lectureWithNotes('Geography', [file]);
    const failing: Storage = { ...storage, exists: () => Promise.reject(new Error('storage unreachable')) };
    await expect(checkLectureNotes({ db: harness.db, storage: failing })).rejects.toThrow('storage unreachable');
    expect(await pendingOf(id)).toBeUndefined();
  });

  it('refuses an unknown lecture and a bad id, and is refused to staff and marketing', async () => {
    expect((await asAdmin('PUT', '/api/admin/mark-solved/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await asAdmin('PUT', '/api/admin/mark-solved/x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Lecture not found');
    for (const role of ['staff', 'marketing'] as const) {
      await createUser(harness.db, { email: `${role}@example.com`, roles: [role] });
      const cookie = await harness.signIn(`${role}@example.com`);
      expect((await harness.injectWith(cookie)('GET', '/api/admin/pending-pdf')).statusCode).toBe(403);
    }
    expect((await harness.injectWith(await harness.signIn('manager@example.com'))('GET', '/api/admin/pending-pdf')).statusCode).toBe(200);
  });

  it('runs every hour, in the worker fleet', () => {
    expect(SCHEDULE.find((entry) => entry.task === 'check-lecture-notes')?.match).toMatch(/^\d{1,2} \* \* \* \*$/);
    expect(scheduledJobs().map((job) => job.task)).toContain('check-lecture-notes');
    expect(Object.keys(createTaskList({} as never))).toContain('check-lecture-notes');
  });
});
