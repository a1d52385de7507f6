import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRoles } from '../../../server/users/users.service.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../support/test-app.ts';

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

const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = admin) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function lecture(title: string) {
  const response = await request('POST', '/api/admin/lecture', { title });
  return response.json()._id as string;
}

describe("a lecture's lecturer, rate card and courses", () => {
  it('lists educators, links one as the lecturer (its name used), and refuses an account without the role', async () => {
    const educator = await createUser(database.db, { email: 'meera@example.com', name: 'Meera Teacher', roles: ['educator'] });
    const notEducator = await createUser(database.db, { email: 'staff@example.com', name: 'Staff Member', roles: ['staff'] });
    const educators = (await request('GET', '/api/admin/educators')).json() as Array<{ _id: string; name: string }>;
    expect(educators).toEqual([{ _id: educator.id, name: 'Meera Teacher', emailAddress: 'meera@example.com' }]);

    const id = await lecture('Fundamental Rights');
    const linked = await request('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Fundamental Rights', lecturerId: educator.id, lecturerName: 'typed' } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await request('GET', `/api/admin/lecture/${id}`)).json()).toMatchObject({ lecturerId: educator.id, lecturerName: 'Meera Teacher' });
    const refused = await request('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Fundamental Rights', lecturerId: notEducator.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Choose a lecturer from the list', field: 'value.lecturerId' });
  });

  it('accepts educator for admin:create, which alone opens no console screen', async () => {
    expect(parseRoles('educator')).toEqual(['educator']);
    expect(parseRoles('admin, educator')).toEqual(['admin', 'educator']);
    expect(() => parseRoles('teacher')).toThrow('Unknown role teacher: use admin, staff, marketing, manager, educator');
    await createUser(database.db, { email: 'only-educator@example.com', roles: ['educator'] });
    const cookie = await signIn(app, 'only-educator@example.com');
    expect((await request('GET', '/api/admin/lecture', undefined, cookie)).statusCode).toBe(403);
  });

  it('saves the rate card a lecture is sold under and refuses an unknown one', async () => {
    const id = await lecture('Rivers of Kerala');
    const card = (await database.db.insertInto('subscriptions').values({ title: 'Geography pack' }).returning('id').executeTakeFirstOrThrow()).id;
    expect((await request('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Rivers of Kerala', masterSubscription: card } })).statusCode).toBe(200);
    expect((await request('GET', `/api/admin/lecture/${id}`)).json().masterSubscription).toBe(card);
    const unknown = await request('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Rivers of Kerala', masterSubscription: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.json()).toMatchObject({ message: 'The rate card was not found', field: 'value.masterSubscription' });
    // A save without the field keeps the card.
    expect((await request('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Rivers of Kerala' } })).statusCode).toBe(200);
    expect((await request('GET', `/api/admin/lecture/${id}`)).json().masterSubscription).toBe(card);
  });

  it('offers exams with a lecture, in order; refuses an unknown or repeated exam; the exam then cannot be deleted', async () => {
    const id = await lecture('Panchayati Raj');
    const exam = async (title: string) => (await database.db.insertInto('exams').values({ title, template_id: 'mock-test' }).returning('id').executeTakeFirstOrThrow()).id;
    const [e1, e2] = [await exam('Quiz 1'), await exam('Quiz 2')];
    expect((await request('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Panchayati Raj', exams: [e2, e1] } })).statusCode).toBe(200);
    expect((await request('GET', `/api/admin/lecture/${id}`)).json().exams).toEqual([
      { _id: e2, title: 'Quiz 2', isPublished: false },
      { _id: e1, title: 'Quiz 1', isPublished: false },
    ]);
    const repeated = await request('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Panchayati Raj', exams: [e1, e1] } });
    expect(repeated.json()).toMatchObject({ message: 'An exam is listed more than once', field: 'value.exams' });
    const unknown = await request('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Panchayati Raj', exams: ['00000000-0000-4000-8000-000000000000'] } });
    expect(unknown.json()).toMatchObject({ message: 'Exam not found: 00000000-0000-4000-8000-000000000000', field: 'value.exams' });
    // A save without the field keeps them; the exam cannot be deleted while offered.
    await request('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Panchayati Raj' } });
    expect((await request('GET', `/api/admin/lecture/${id}`)).json().exams).toHaveLength(2);
    const refused = await app.inject({ method: 'DELETE', url: `/api/admin/exams/${e1}`, headers: { cookie: admin } });
    expect(refused.json().warnings).toEqual(['It is offered with the lecture “Panchayati Raj”']);
  });

  it('answers the courses that hold a lecture at /api/attached-course/{id}', async () => {
    const id = await lecture('Preamble');
    expect((await request('GET', `/api/attached-course/${id}`)).json()).toEqual([]);
    const course = (await request('POST', '/api/admin/courses', { title: 'Polity course' })).json()._id as string;
    await request('PUT', `/api/admin/courses/${course}`, { value: { title: 'Polity course', subjects: [{ title: 'A', lectures: [id] }, { title: 'B', lectures: [id] }] } });
    expect((await request('GET', `/api/attached-course/${id}`)).json()).toEqual([{ _id: course, title: 'Polity course' }]);
  });
});
