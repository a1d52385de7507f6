import { describe, expect, it } from 'vitest';
import { RANK_FILE_WARNINGS } from '../../../shared/rank-files/rank-files.schema.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');
const BULK = '/api/admin/rankfiles/bulk';

async function publishedExam(title: string): Promise<string> {
  const row = await harness.db
    .insertInto('exams')
    .values({ title, template_id: 'mock-test', is_visible: true, is_published: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A hidden rank file; a ready one has a group with a published exam and a rate card, so only its switch keeps it offline. */
async function rankFile(title: string, ready = false): Promise<string> {
  const id = (await asAdmin('POST', '/api/admin/rankfiles', { title })).json()._id as string;
  if (ready) {
    const value = {
      title,
      masterSubscription: await createPaidRateCard(harness.db),
      groups: [{ title: 'Paper 1', exam: await publishedExam(`${title} exam`) }],
    };
    const saved = await asAdmin('PUT', `/api/admin/rankfiles/${id}`, { value });
    expect(saved.json(), saved.body).toMatchObject({ isPublished: false, publishWarnings: [] });
  }
  return id;
}

const read = async (id: string) => (await asAdmin('GET', `/api/admin/rankfiles/${id}`)).json();

describe('bulk actions on rank files', () => {
  it('publishes the rank files it may, refuses the others with their warnings, and keeps their groups', async () => {
    const ready = await rankFile('LDC rank list', true);
    const empty = await rankFile('LGS rank list');
    const before = await read(empty);
    const answer = (await asAdmin('POST', BULK, { action: 'publish', ids: [empty, ready, UNKNOWN_ID] })).json();
    expect(answer).toMatchObject({ done: 1, refused: 1, missing: 1 });
    expect(answer.results).toEqual(
      expect.arrayContaining([
        { id: ready, title: 'LDC rank list', outcome: 'done' },
        {
          id: empty,
          title: 'LGS rank list',
          outcome: 'refused',
          message: `The rank file stays offline: ${RANK_FILE_WARNINGS.noGroups}; ${RANK_FILE_WARNINGS.noRateCard}`,
        },
      ]),
    );
    const published = await read(ready);
    expect(published).toMatchObject({ isVisible: true, isPublished: true, groups: [{ title: 'Paper 1', examTitle: 'LDC rank list exam' }] });
    expect(await read(empty)).toMatchObject({ isVisible: false, version: before.version });

    const hidden = (await asAdmin('POST', BULK, { action: 'unpublish', ids: [ready, empty] })).json();
    expect(hidden.results).toEqual(
      expect.arrayContaining([
        { id: ready, title: 'LDC rank list', outcome: 'done' },
        { id: empty, title: 'LGS rank list', outcome: 'done', message: 'Already unpublished' },
      ]),
    );
    expect((await read(ready)).groups[0].resId).toBe(published.groups[0].resId);
  });

  it('deletes the rank files no course lists and refuses one a course lists, naming the course', async () => {
    const free = await rankFile('Old rank list');
    const held = await rankFile('Listed rank list');
    const course = (await asAdmin('POST', '/api/admin/courses', { title: 'Holds it' })).json()._id as string;
    expect((await asAdmin('PUT', `/api/admin/courses/${course}`, { value: { title: 'Holds it', rankFiles: [held] } })).statusCode).toBe(200);
    const answer = (await asAdmin('POST', BULK, { action: 'delete', ids: [free, held] })).json();
    expect(answer).toMatchObject({ done: 1, refused: 1 });
    expect(answer.results.find((row: { id: string }) => row.id === held).message).toBe('This rank file is still in use: It is in the course “Holds it”');
    expect((await asAdmin('GET', `/api/admin/rankfiles/${free}`)).statusCode).toBe(404);
    expect((await asAdmin('GET', `/api/admin/rankfiles/${held}`)).statusCode).toBe(200);
  });

  it('acts on every rank file the title filter matches, as the list filters it', async () => {
    const a = await rankFile('Degree level: prelims', true);
    const b = await rankFile('DEGREE LEVEL: mains', true);
    const other = await rankFile('Plus two level', true);
    const answer = (await asAdmin('POST', BULK, { action: 'publish', matching: { title: ' degree level ' } })).json();
    expect(answer.results.map((row: { id: string }) => row.id)).toEqual([a, b].sort());
    expect((await read(other)).isPublished).toBe(false);
  });

  it('refuses a bad body with 400 naming the field, and callers without the screen', async () => {
    const id = await rankFile('Guarded rank list');
    const cases: Array<[unknown, string]> = [
      [{ action: 'activate', ids: [id] }, 'action'],
      [{ action: 'publish', ids: ['nope'] }, 'ids[0]'],
      [{ action: 'publish', matching: { title: 5 } }, 'matching.title'],
      [{ action: 'publish' }, 'ids'],
    ];
    for (const [body, field] of cases) {
      const response = await asAdmin('POST', BULK, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
    await createUser(harness.db, { email: 'educator-only@example.com', roles: ['educator'] });
    const educator = harness.injectWith(await harness.signIn('educator-only@example.com'));
    expect((await educator('POST', BULK, { action: 'delete', ids: [id] })).statusCode).toBe(403);
    expect((await asAdmin('GET', `/api/admin/rankfiles/${id}`)).statusCode).toBe(200);
  });

  it('applies two concurrent requests on the same rank files once, without a 5xx', async () => {
    const ids = [await rankFile('Twin list 1', true), await rankFile('Twin list 2', true)];
    const versions = await Promise.all(ids.map(async (id) => (await read(id)).version));
    const answers = await Promise.all([
      asAdmin('POST', BULK, { action: 'publish', ids }),
      asAdmin('POST', BULK, { action: 'publish', ids: [...ids].reverse() }),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(answers[0].json().done + answers[1].json().done).toBe(4);
    for (const [index, id] of ids.entries()) expect(await read(id)).toMatchObject({ isPublished: true, version: versions[index] + 1 });
  });
});
