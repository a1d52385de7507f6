import { beforeAll, describe, expect, it } from 'vitest';
import { WINNER_DRAFT_DEFAULTS, WINNER_MESSAGES, WINNER_WARNINGS } from '../../../shared/winners/winners.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { createImageAsset } from '../../support/factories/asset.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';

const harness = useApp({ roles: ['admin', 'staff'] });
const asAdmin = harness.injectAs('admin');
const BULK = '/api/admin/winners/bulk';
let studentId = '';

beforeAll(async () => {
  studentId = (await createUser(harness.db, { email: 'bulk-winner@example.com', name: 'Devika Menon' })).id;
});

/** A draft from a student; a ready one has its photo, so only its switch keeps it offline. */
async function announcement(winnerName: string, ready = false): Promise<string> {
  const draft = { user: studentId, winnerName, ...WINNER_DRAFT_DEFAULTS, examTitle: 'Daily quiz', rank: 2, totalParticipants: 100 };
  const id = (await asAdmin('POST', '/api/admin/winners', draft)).json()._id as string;
  if (ready) {
    const photo = await createImageAsset(harness.db, { file_name: 'w.jpg', size_in_bytes: 2048, storage_key: `assets/${id}/original/w`, state: 'ready' });
    const value = { ...WINNER_DRAFT_DEFAULTS, winnerName, examTitle: 'Daily quiz', rank: 2, totalParticipants: 100, prizeAmount: 750, bannerImageId: photo };
    const saved = await asAdmin('PUT', `/api/admin/winners/${id}`, { value });
    expect(saved.json(), saved.body).toMatchObject({ isPublished: false, publishWarnings: [] });
  }
  return id;
}

const read = async (id: string) => (await asAdmin('GET', `/api/admin/winners/${id}`)).json();

describe('bulk actions on winner announcements', () => {
  it('publishes the announcements it may, refuses one without a photo, and keeps every other field', async () => {
    const ready = await announcement('Anjali R', true);
    const noPhoto = await announcement('Bindu S');
    const before = await read(noPhoto);
    const answer = (await asAdmin('POST', BULK, { action: 'publish', ids: [noPhoto, ready, UNKNOWN_ID] })).json();
    expect(answer).toMatchObject({ done: 1, refused: 1, missing: 1 });
    expect(answer.results).toEqual(
      expect.arrayContaining([
        { id: ready, title: 'Anjali R', outcome: 'done' },
        { id: noPhoto, title: 'Bindu S', outcome: 'refused', message: `The announcement stays offline: ${WINNER_WARNINGS.noPhoto}` },
      ]),
    );
    expect(await read(ready)).toMatchObject({ isVisible: true, isPublished: true, prizeAmount: 750, rank: 2, examTitle: 'Daily quiz' });
    expect(await read(noPhoto)).toMatchObject({ isVisible: false, version: before.version });
  });

  it('deletes the announcements it may and refuses the active one, saying why once', async () => {
    const active = await announcement('Chitra K', true);
    const old = await announcement('Old winner');
    await asAdmin('POST', BULK, { action: 'publish', ids: [active] });
    expect((await asAdmin('PUT', `/api/admin/winners/activate/${active}`)).statusCode).toBe(200);
    const answer = (await asAdmin('POST', BULK, { action: 'delete', ids: [active, old] })).json();
    expect(answer).toMatchObject({ done: 1, refused: 1 });
    expect(answer.results.find((row: { id: string }) => row.id === active)).toEqual({
      id: active,
      title: 'Chitra K',
      outcome: 'refused',
      message: WINNER_MESSAGES.deleteActive,
    });
    expect((await asAdmin('GET', `/api/admin/winners/${old}`)).statusCode).toBe(404);
    expect(await read(active)).toMatchObject({ isActive: true });
    await asAdmin('PUT', '/api/admin/winners/deactivate');
  });

  it('acts on every announcement the filters match, as the list filters its columns', async () => {
    const shown = [await announcement('Filtered Meera', true), await announcement('Filtered Nisha', true)];
    const published = await announcement('Filtered Nila', true);
    await asAdmin('POST', BULK, { action: 'publish', ids: [published] });
    const other = await announcement('Someone else', true);
    const answer = (await asAdmin('POST', BULK, { action: 'publish', matching: { name: 'filtered', status: 'unpub', prize: '₹750' } })).json();
    expect(answer.results.map((row: { id: string }) => row.id)).toEqual([...shown].sort());
    expect((await read(other)).isPublished).toBe(false);
  });

  it('refuses a bad body with 400 naming the field, and callers without the screen', async () => {
    const id = await announcement('Guarded');
    const cases: Array<[unknown, string]> = [
      [{ action: 'activate', ids: [id] }, 'action'],
      [{ action: 'delete', ids: [id], matching: {} }, 'ids'],
      [{ action: 'delete', matching: { title: 'x' } }, 'matching'],
    ];
    for (const [body, field] of cases) {
      const response = await asAdmin('POST', BULK, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await harness.injectAs('staff')('POST', BULK, { action: 'delete', ids: [id] })).statusCode).toBe(403);
    expect((await asAdmin('GET', `/api/admin/winners/${id}`)).statusCode).toBe(200);
  });

  it('unpublishes each announcement once when two requests cross, without a 5xx', async () => {
    const ids = [await announcement('Twin A', true), await announcement('Twin B', true)];
    await asAdmin('POST', BULK, { action: 'publish', ids });
    const versions = await Promise.all(ids.map(async (id) => (await read(id)).version));
    const answers = await Promise.all([
      asAdmin('POST', BULK, { action: 'unpublish', ids }),
      asAdmin('POST', BULK, { action: 'unpublish', ids: [...ids].reverse() }),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(answers[0].json().done + answers[1].json().done).toBe(4);
    for (const [index, id] of ids.entries()) expect(await read(id)).toMatchObject({ isVisible: false, version: versions[index] + 1 });
  });
});
