import { describe, expect, it } from 'vitest';
import { parseRoles } from '../../../server/users/users.service.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { createRateCard } from '../../support/factories/course.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

async function lecture(title: string) {
  const response = await asAdmin('POST', '/api/admin/lecture', { title });
  return response.json()._id as string;
}

describe("a lecture's lecturer, rate card and courses", () => {
  it('lists educators, links one as the lecturer (its name used), and refuses an account without the role', async () => {
    const educator = await createUser(harness.db, { email: 'meera@example.com', name: 'Meera Teacher', roles: ['educator'] });
    const notEducator = await createUser(harness.db, { email: 'staff@example.com', name: 'Staff Member', roles: ['staff'] });
    const educators = (await asAdmin('GET', '/api/admin/educators')).json() as Array<{ _id: string; name: string }>;
    expect(educators).toEqual([{ _id: educator.id, name: 'Meera Teacher', emailAddress: 'meera@example.com' }]);

    const id = await lecture('Fundamental Rights');
    const linked = await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Fundamental Rights', lecturerId: educator.id, lecturerName: 'typed' } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json()).toMatchObject({ lecturerId: educator.id, lecturerName: 'Meera Teacher' });
    const refused = await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Fundamental Rights', lecturerId: notEducator.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Choose a lecturer from the list', field: 'value.lecturerId' });
  });

  it('accepts educator for admin:create, which alone opens no console screen', async () => {
    expect(parseRoles('educator')).toEqual(['educator']);
    expect(parseRoles('admin, educator')).toEqual(['admin', 'educator']);
    expect(() => parseRoles('teacher')).toThrow('Unknown role teacher: use admin, staff, marketing, manager, educator');
    await createUser(harness.db, { email: 'only-educator@example.com', roles: ['educator'] });
    const cookie = await harness.signIn('only-educator@example.com');
    expect((await harness.injectWith(cookie)('GET', '/api/admin/lecture')).statusCode).toBe(403);
  });

  it('saves the rate card a lecture is sold under and refuses an unknown one', async () => {
    const id = await lecture('Rivers of Kerala');
    const card = await createRateCard(harness.db, { title: 'Geography pack' });
    expect((await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Rivers of Kerala', masterSubscription: card } })).statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json().masterSubscription).toBe(card);
    const unknown = await asAdmin('PUT', `/api/admin/lecture/${id}`, {
      value: { title: 'Rivers of Kerala', masterSubscription: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.json()).toMatchObject({ message: 'The rate card was not found', field: 'value.masterSubscription' });
    // A save without the field keeps the card.
    expect((await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Rivers of Kerala' } })).statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json().masterSubscription).toBe(card);
  });

  it('offers exams with a lecture, in order; refuses an unknown or repeated exam; the exam then cannot be deleted', async () => {
    const id = await lecture('Panchayati Raj');
    const exam = async (title: string) =>
      (await harness.db.insertInto('exams').values({ title, template_id: 'mock-test' }).returning('id').executeTakeFirstOrThrow()).id;
    const [e1, e2] = [await exam('Quiz 1'), await exam('Quiz 2')];
    expect((await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Panchayati Raj', exams: [e2, e1] } })).statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json().exams).toEqual([
      { _id: e2, title: 'Quiz 2', isPublished: false },
      { _id: e1, title: 'Quiz 1', isPublished: false },
    ]);
    const repeated = await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Panchayati Raj', exams: [e1, e1] } });
    expect(repeated.json()).toMatchObject({ message: 'An exam is listed more than once', field: 'value.exams' });
    const unknown = await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Panchayati Raj', exams: ['00000000-0000-4000-8000-000000000000'] } });
    expect(unknown.json()).toMatchObject({ message: 'Exam not found: 00000000-0000-4000-8000-000000000000', field: 'value.exams' });
    // A save without the field keeps them; the exam cannot be deleted while offered.
    await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Panchayati Raj' } });
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json().exams).toHaveLength(2);
    const refused = await asAdmin('DELETE', `/api/admin/exams/${e1}`);
    expect(refused.json().warnings).toEqual(['It is offered with the lecture “Panchayati Raj”']);
  });

  it('answers the courses that hold a lecture at /api/attached-course/{id}', async () => {
    const id = await lecture('Preamble');
    expect((await asAdmin('GET', `/api/attached-course/${id}`)).json()).toEqual([]);
    const course = (await asAdmin('POST', '/api/admin/courses', { title: 'Polity course' })).json()._id as string;
    await asAdmin('PUT', `/api/admin/courses/${course}`, {
      value: {
        title: 'Polity course',
        subjects: [
          { title: 'A', lectures: [id] },
          { title: 'B', lectures: [id] },
        ],
      },
    });
    expect((await asAdmin('GET', `/api/attached-course/${id}`)).json()).toEqual([{ _id: course, title: 'Polity course' }]);
  });
});
