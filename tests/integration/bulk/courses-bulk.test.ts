import { describe, expect, it } from 'vitest';
import { COURSE_WARNINGS } from '../../../shared/courses/course-publish.rules.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { createLecture, PUBLISHED } from '../../support/factories/lecture.ts';

const harness = useApp({ roles: ['admin', 'manager', 'marketing', 'staff'] });
const asAdmin = harness.injectAs('admin');
const BULK = '/api/admin/courses/bulk';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A hidden course; a ready one has a rate card and a subject with a published lecture on days 1 and 2. */
async function course(title: string, ready = false): Promise<string> {
  const id = (await asAdmin('POST', '/api/admin/courses', { title })).json()._id as string;
  if (ready) {
    const lecture = await createLecture(harness.db, { title: `${title}: lesson`, ...PUBLISHED });
    const saved = await asAdmin('PUT', `/api/admin/courses/${id}`, {
      value: {
        title,
        description: 'Kept as it was',
        tags: ['psc'],
        courseRateCardId: await createPaidRateCard(harness.db, `${title} card`),
        subjects: [{ title: 'Geography', lectures: [lecture], lectureDaySchedulePlan: { [lecture]: [1, 2] }, lectureTopicMetadata: { [lecture]: 'Rivers' } }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return id;
}

/** A course's GET without what a save of its switch changes. */
function editedFields(course: Record<string, unknown>): Record<string, unknown> {
  const fields = { ...course };
  for (const key of ['isVisible', 'isPublished', 'version', 'updatedAt']) delete fields[key];
  return fields;
}

const read = async (id: string) => (await asAdmin('GET', `/api/admin/courses/${id}`)).json();

describe('bulk actions on courses', () => {
  it('publishes the courses it may through their save, refuses the others with their warnings, and changes only the allowed ones', async () => {
    const ready = await course('Degree Prelims', true);
    const empty = await course('Empty plan');
    const before = await read(empty);
    const readyBefore = await read(ready);
    const response = await asAdmin('POST', BULK, { action: 'publish', ids: [empty, ready, UNKNOWN] });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ done: 1, refused: 1, missing: 1 });
    expect(answer.results).toEqual(
      expect.arrayContaining([
        { id: ready, title: 'Degree Prelims', outcome: 'done' },
        {
          id: empty,
          title: 'Empty plan',
          outcome: 'refused',
          message: `The course stays offline: ${COURSE_WARNINGS.noSubjects}; ${COURSE_WARNINGS.noRateCard}`,
        },
        { id: UNKNOWN, title: '', outcome: 'missing', message: 'Not found: it was deleted, or the id is wrong' },
      ]),
    );
    expect(answer.results.map((row: { id: string }) => row.id)).toEqual([empty, ready, UNKNOWN].sort());
    // Saved as the editor would save it: only the switch (and the version) changed.
    const after = await read(ready);
    expect(after).toMatchObject({ isVisible: true, isPublished: true, publishWarnings: [], version: readyBefore.version + 1 });
    expect(editedFields(after)).toEqual(editedFields(readyBefore));
    expect(await read(empty)).toMatchObject({ isVisible: false, isPublished: false, version: before.version });
  });

  it('answers a retried publish as done without saving again, and unpublishes', async () => {
    const id = await course('Village Field Assistant', true);
    await asAdmin('POST', BULK, { action: 'publish', ids: [id] });
    const version = (await read(id)).version;
    const again = (await asAdmin('POST', BULK, { action: 'publish', ids: [id] })).json();
    expect(again.results).toEqual([{ id, title: 'Village Field Assistant', outcome: 'done', message: 'Already published' }]);
    expect((await read(id)).version).toBe(version);
    expect((await asAdmin('POST', BULK, { action: 'unpublish', ids: [id] })).json()).toMatchObject({ done: 1, refused: 0 });
    expect(await read(id)).toMatchObject({ isVisible: false, isPublished: false });
  });

  it('deletes the courses nobody holds and refuses one students hold, naming them', async () => {
    const free = await course('Old batch');
    const held = await course('Running batch');
    const student = await createUser(harness.db, { email: 'anu@example.com', roles: [], name: 'Anu' });
    await harness.db.insertInto('entitlements').values({ user_id: student.id, resource_type: 'course', resource_id: held }).execute();
    const answer = (await asAdmin('POST', BULK, { action: 'delete', ids: [free, held] })).json();
    expect(answer).toMatchObject({ done: 1, refused: 1 });
    expect(answer.results.find((row: { id: string }) => row.id === held).message).toBe('Students hold this course: Active entitlement: Anu (anu@example.com)');
    expect((await asAdmin('GET', `/api/admin/courses/${free}`)).statusCode).toBe(404);
    expect((await asAdmin('GET', `/api/admin/courses/${held}`)).statusCode).toBe(200);
  });

  it('acts on every course the title filter matches, as the list filters it', async () => {
    const a = await course('LDC 2026: Thrissur', true);
    const b = await course('ldc 2026: Kannur', true);
    const other = await course('LGS 2026', true);
    const answer = (await asAdmin('POST', BULK, { action: 'publish', matching: { title: ' LDC 2026 ' } })).json();
    expect(answer.results.map((row: { id: string }) => row.id)).toEqual([a, b].sort());
    expect((await read(other)).isPublished).toBe(false);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const id = await course('Any');
    const cases: Array<[unknown, string]> = [
      [{ action: 'activate', ids: [id] }, 'action'],
      [{ action: 'publish', ids: [] }, 'ids'],
      [{ action: 'publish', ids: ['not-a-uuid'] }, 'ids[0]'],
      [{ action: 'publish', matching: { title: 5 } }, 'matching.title'],
      [{ action: 'publish', ids: [id], matching: { title: '' } }, 'ids'],
    ];
    for (const [body, field] of cases) {
      const response = await asAdmin('POST', BULK, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await read(id)).version).toBe(1);
  });

  it('refuses roles that do not edit courses: marketing reads the list only, staff lacks the screen', async () => {
    const id = await course('Guarded');
    expect((await harness.injectAs('marketing')('POST', BULK, { action: 'delete', ids: [id] })).statusCode).toBe(403);
    expect((await harness.injectAs('staff')('POST', BULK, { action: 'delete', ids: [id] })).statusCode).toBe(403);
    expect((await harness.injectAs('nobody')('POST', BULK, { action: 'delete', ids: [id] })).statusCode).toBe(401);
    expect((await harness.injectAs('manager')('POST', BULK, { action: 'unpublish', ids: [id] })).json()).toMatchObject({ done: 1 });
    expect((await asAdmin('GET', `/api/admin/courses/${id}`)).statusCode).toBe(200);
  });

  it('applies two concurrent requests on the same courses once, without a 5xx', async () => {
    const ids = [await course('Twin 1', true), await course('Twin 2', true)];
    const versions = await Promise.all(ids.map(async (id) => (await read(id)).version));
    const [first, second] = await Promise.all([
      asAdmin('POST', BULK, { action: 'publish', ids }),
      asAdmin('POST', BULK, { action: 'publish', ids: [...ids].reverse() }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().done + second.json().done).toBe(4);
    for (const [index, id] of ids.entries()) expect(await read(id)).toMatchObject({ isPublished: true, version: versions[index] + 1 });
    const deletes = await Promise.all([asAdmin('POST', BULK, { action: 'delete', ids }), asAdmin('POST', BULK, { action: 'delete', ids })]);
    expect(deletes.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(deletes[0].json().done + deletes[1].json().done).toBe(2);
    expect(deletes[0].json().missing + deletes[1].json().missing).toBe(2);
  });
});
