import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import type { Storage } from '../../../server/assets/storage/storage.ts';
import { checkLectureNotes } from '../../../server/pending-pdf/pending-pdf.service.ts';
import { SCHEDULE } from '../../../shared/jobs/tasks.ts';
import { createTaskList, scheduledJobs } from '../../../worker/index.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { buildTestApp, createUser, signIn, testConfig } from '../../support/test-app.ts';
import { multipartBody, TINY_PDF } from '../../support/multipart.ts';

let database: TestDatabase;
let app: FastifyInstance;
let storage: Storage;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  storage = createStorage(testConfig());
  await createUser(database.db, { email: 'admin@example.com', roles: ['admin'] });
  admin = await signIn(app, 'admin@example.com');
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function pdf(fileName: string): Promise<{ _id: string; key: string }> {
  const body = multipartBody([{ fileName, content: TINY_PDF }]);
  const uploaded = (await app.inject({ method: 'POST', url: '/api/assets/private', headers: { ...body.headers, cookie: admin }, payload: body.payload })).json()[0];
  const row = await database.db.selectFrom('assets').select('storage_key').where('id', '=', uploaded._id).executeTakeFirstOrThrow();
  return { _id: uploaded._id, key: row.storage_key };
}

async function lectureWithNotes(title: string, files: Array<{ _id: string }>) {
  const id = (await request('POST', '/api/admin/lecture', { title })).json()._id as string;
  const notes = files.map((file, i) => ({ resId: `note-${i}`, pdfFileId: file._id }));
  const saved = await request('PUT', `/api/admin/lecture/${id}`, { value: { title, notes } });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

const check = () => checkLectureNotes({ db: database.db, storage });
const pending = async () => (await request('GET', '/api/admin/pending-pdf')).json() as Array<{ _id: string; title: string; missingPdfs: Array<{ fileName: string; reason: string }>; courses: Array<{ title: string }> }>;
const pendingOf = async (id: string) => (await pending()).find((row) => row._id === id);

describe('the pending PDF report', () => {
  it('lists a lecture once the hourly check finds a note whose file is gone, with its courses, until marked resolved', async () => {
    const [kept, lost] = [await pdf('kept.pdf'), await pdf('lost.pdf')];
    const id = await lectureWithNotes('Kerala history', [kept, lost]);
    const course = (await request('POST', '/api/admin/courses', { title: 'KAS Prelims' })).json()._id as string;
    await database.db.insertInto('course_subjects').values({ course_id: course, title: 'History', position: 1 }).execute();
    const subject = (await database.db.selectFrom('course_subjects').select('id').where('course_id', '=', course).executeTakeFirstOrThrow()).id;
    await database.db.insertInto('subject_lectures').values({ subject_id: subject, lecture_id: id, position: 1 }).execute();

    await check();
    expect(await pendingOf(id)).toBeUndefined();

    await storage.delete(lost.key);
    const found = await check();
    expect(found.missing).toBeGreaterThanOrEqual(1);
    expect(await pendingOf(id)).toMatchObject({ title: 'Kerala history', missingPdfs: [{ fileName: 'lost.pdf', reason: 'file-gone' }], courses: [{ title: 'KAS Prelims' }] });
    expect((await request('GET', `/api/admin/lecture/${id}`)).json().missingPdfs).toEqual([{ pdfFileId: lost._id, fileName: 'lost.pdf' }]);

    const solved = await request('PUT', `/api/admin/mark-solved/${id}`);
    expect(solved.statusCode).toBe(200);
    expect(solved.json()).toEqual({ resolved: 1 });
    expect(await pendingOf(id)).toBeUndefined();
    expect((await request('GET', `/api/admin/lecture/${id}`)).json().missingPdfs).toEqual([]);
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
    await database.db
      .updateTable('lectures')
      .set({ notes: JSON.stringify([{ resId: 'a', lectureResId: '', pdfFileId: file._id, fileName: 'chapter.pdf', fileSizeInBytes: 1 }, { resId: 'b', lectureResId: '', pdfFileId: ghost, fileName: 'ghost.pdf', fileSizeInBytes: 1 }]) })
      .where('id', '=', id)
      .execute();
    await check();
    expect((await pendingOf(id))?.missingPdfs).toMatchObject([{ fileName: 'ghost.pdf', reason: 'no-file' }]);

    const lecture = (await request('GET', `/api/admin/lecture/${id}`)).json();
    const saved = await request('PUT', `/api/admin/lecture/${id}`, { value: { title: lecture.title, notes: [lecture.notes[0]] }, version: lecture.version });
    expect(saved.statusCode, saved.body).toBe(200);
    await check();
    expect(await pendingOf(id)).toBeUndefined();
  });

  it('calls nothing missing when storage cannot be reached', async () => {
    const file = await pdf('safe.pdf');
    const id = await lectureWithNotes('Geography', [file]);
    const failing: Storage = { ...storage, exists: () => Promise.reject(new Error('storage unreachable')) };
    await expect(checkLectureNotes({ db: database.db, storage: failing })).rejects.toThrow('storage unreachable');
    expect(await pendingOf(id)).toBeUndefined();
  });

  it('refuses an unknown lecture and a bad id, and is refused to staff and marketing', async () => {
    expect((await request('PUT', '/api/admin/mark-solved/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await request('PUT', '/api/admin/mark-solved/x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Lecture not found');
    for (const role of ['staff', 'marketing'] as const) {
      await createUser(database.db, { email: `${role}@example.com`, roles: [role] });
      const cookie = await signIn(app, `${role}@example.com`);
      expect((await request('GET', '/api/admin/pending-pdf', undefined, cookie)).statusCode).toBe(403);
    }
    await createUser(database.db, { email: 'manager@example.com', roles: ['manager'] });
    expect((await request('GET', '/api/admin/pending-pdf', undefined, await signIn(app, 'manager@example.com'))).statusCode).toBe(200);
  });

  it('runs every hour, in the worker fleet', () => {
    expect(SCHEDULE.find((entry) => entry.task === 'check-lecture-notes')?.match).toMatch(/^\d{1,2} \* \* \* \*$/);
    expect(scheduledJobs().map((job) => job.task)).toContain('check-lecture-notes');
    expect(Object.keys(createTaskList({} as never))).toContain('check-lecture-notes');
  });
});
