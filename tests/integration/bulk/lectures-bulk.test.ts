import { describe, expect, it } from 'vitest';
import { LECTURE_WARNINGS } from '../../../shared/lectures/lecture.rules.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');
const BULK = '/api/admin/lectures/bulk';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function lecture(title: string, ready = false): Promise<string> {
  const id = (await asAdmin('POST', '/api/admin/lecture', { title })).json()._id as string;
  if (ready) {
    const saved = await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title, youtubeLink: 'dQw4w9WgXcQ', lecturerName: 'Dr. Anitha' } });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return id;
}

const read = async (id: string) => (await asAdmin('GET', `/api/admin/lecture/${id}`)).json();

describe('bulk actions on lectures', () => {
  it('publishes the rows it may, refuses the others with their reason, and changes only the allowed ones', async () => {
    const ready = await lecture('Rivers of Kerala', true);
    const noVideo = await lecture('Mountains of Kerala');
    const before = await read(noVideo);
    const response = await asAdmin('POST', BULK, { action: 'publish', ids: [noVideo, ready, UNKNOWN] });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ done: 1, refused: 1, missing: 1 });
    expect(answer.results).toEqual(
      expect.arrayContaining([
        { id: ready, title: 'Rivers of Kerala', outcome: 'done' },
        {
          id: noVideo,
          title: 'Mountains of Kerala',
          outcome: 'refused',
          message: `The lecture stays offline: ${LECTURE_WARNINGS.noVideo}; ${LECTURE_WARNINGS.noLecturer}`,
        },
        { id: UNKNOWN, title: '', outcome: 'missing', message: 'Not found: it was deleted, or the id is wrong' },
      ]),
    );
    // In the order of their ids, whatever order they were sent in.
    expect(answer.results.map((row: { id: string }) => row.id)).toEqual([noVideo, ready, UNKNOWN].sort());
    expect(await read(ready)).toMatchObject({ isVisible: true, isPublished: true });
    expect(await read(noVideo)).toMatchObject({ isVisible: false, isPublished: false, version: before.version });
  });

  it('answers a retried publish as done without saving again, and unpublishes', async () => {
    const id = await lecture('Backwaters', true);
    await asAdmin('POST', BULK, { action: 'publish', ids: [id] });
    const version = (await read(id)).version;
    const again = (await asAdmin('POST', BULK, { action: 'publish', ids: [id] })).json();
    expect(again.results).toEqual([{ id, title: 'Backwaters', outcome: 'done', message: 'Already published' }]);
    expect((await read(id)).version).toBe(version);
    const hidden = (await asAdmin('POST', BULK, { action: 'unpublish', ids: [id] })).json();
    expect(hidden).toMatchObject({ done: 1, refused: 0 });
    expect(await read(id)).toMatchObject({ isVisible: false, isPublished: false });
  });

  it('deletes the lectures nothing holds and refuses one in the custom collection, naming it', async () => {
    const free = await lecture('Old recording');
    const held = await lecture('Collection favourite');
    await asAdmin('POST', `/api/admin/lecture/add/lecture-collection/${held}`);
    const answer = (await asAdmin('POST', BULK, { action: 'delete', ids: [free, held] })).json();
    expect(answer).toMatchObject({ done: 1, refused: 1 });
    expect(answer.results.find((row: { id: string }) => row.id === held).message).toBe(
      'This lecture is still in use: It is in the custom lecture collection: remove it there first',
    );
    expect((await asAdmin('GET', `/api/admin/lecture/${free}`)).statusCode).toBe(404);
    expect((await asAdmin('GET', `/api/admin/lecture/${held}`)).statusCode).toBe(200);
  });

  it('acts on every lecture the title filter matches, as the list filters it', async () => {
    const a = await lecture('Estuaries: Periyar', true);
    const b = await lecture('ESTUARIES: Bharathapuzha', true);
    const other = await lecture('Hills: Anamudi', true);
    const answer = (await asAdmin('POST', BULK, { action: 'publish', matching: { title: '  estuaries ' } })).json();
    expect(answer.results.map((row: { id: string }) => row.id)).toEqual([a, b].sort());
    expect((await read(other)).isPublished).toBe(false);
  });

  it('refuses a filter matching more than 5,000 lectures and changes nothing', async () => {
    const count = async () =>
      Number(
        (
          await harness.db
            .selectFrom('lectures')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await count();
    await harness.db
      .insertInto('lectures')
      .values(Array.from({ length: 5001 }, (_, index) => ({ title: `Bulk ${index}`, publish_warnings: [] })))
      .execute();
    const response = await asAdmin('POST', BULK, { action: 'delete', matching: { title: 'Bulk' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'matching', message: expect.stringContaining('more than 5,000 lectures') });
    expect(await count()).toBe(before + 5001);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const id = await lecture('Any');
    const cases: Array<[unknown, string]> = [
      [{ action: 'archive', ids: [id] }, 'action'],
      [{ action: 'publish', ids: [] }, 'ids'],
      [{ action: 'publish', ids: ['not-a-uuid'] }, 'ids[0]'],
      [{ action: 'publish', ids: Array.from({ length: 501 }, () => id) }, 'ids'],
      [{ action: 'publish' }, 'ids'],
      [{ action: 'publish', ids: [id], matching: { title: '' } }, 'ids'],
    ];
    for (const [body, field] of cases) {
      const response = await asAdmin('POST', BULK, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await read(id)).isVisible).toBe(false);
  });

  it('refuses callers without the screen', async () => {
    const id = await lecture('Guarded');
    await createUser(harness.db, { email: 'only-educator@example.com', roles: ['educator'] });
    const educator = harness.injectWith(await harness.signIn('only-educator@example.com'));
    expect((await educator('POST', BULK, { action: 'delete', ids: [id] })).statusCode).toBe(403);
    expect((await harness.injectAs('nobody')('POST', BULK, { action: 'delete', ids: [id] })).statusCode).toBe(401);
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).statusCode).toBe(200);
  });

  it('applies two concurrent requests on the same rows once, without a 5xx', async () => {
    const ids = [await lecture('Twin 1', true), await lecture('Twin 2', true), await lecture('Twin 3', true)];
    const versions = await Promise.all(ids.map(async (id) => (await read(id)).version));
    const [first, second] = await Promise.all([
      asAdmin('POST', BULK, { action: 'publish', ids }),
      asAdmin('POST', BULK, { action: 'publish', ids: [...ids].reverse() }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().done + second.json().done).toBe(6);
    for (const [index, id] of ids.entries()) expect(await read(id)).toMatchObject({ isPublished: true, version: versions[index] + 1 });
    const deletes = await Promise.all([asAdmin('POST', BULK, { action: 'delete', ids }), asAdmin('POST', BULK, { action: 'delete', ids })]);
    expect(deletes.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(deletes[0].json().done + deletes[1].json().done).toBe(3);
    expect(deletes[0].json().missing + deletes[1].json().missing).toBe(3);
  });
});
