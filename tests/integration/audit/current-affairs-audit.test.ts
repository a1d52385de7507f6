import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { expectNoEntry, onlyEntryBy, staffOf, withEntries, type StaffMember } from '../../support/audit-change.ts';
import { expectUnbrokenChain } from '../../support/audit-entries.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';
import { multipartBody, TINY_PDF, TINY_PNG } from '../../support/multipart.ts';

const harness = useApp({ roles: ['admin', 'manager', 'marketing'], names: { admin: 'Anitha', manager: 'Manu', marketing: 'Meera' } });
const asAdmin = harness.injectAs('admin');
const asManager = harness.injectAs('manager');
let anitha: StaffMember;
let manu: StaffMember;

beforeAll(() => {
  anitha = staffOf(harness, 'admin', 'Anitha');
  manu = staffOf(harness, 'manager', 'Manu');
});

async function upload(accessMode: 'public' | 'private', fileName: string, content: Buffer, contentType: string): Promise<string> {
  const body = multipartBody([{ fileName, content, contentType }]);
  const response = await asAdmin('POST', `/api/assets/${accessMode}`, body.payload, body.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0]._id as string;
}

describe('current affairs: the audit log', () => {
  it('records adding, saving, publishing, unpublishing and deleting a post, each with its changed fields', async () => {
    const created = await withEntries(harness, () => asAdmin('POST', '/api/admin/current-affairs', { title: '2026-05-01' }));
    expect(created.result.statusCode, created.result.body).toBe(200);
    const id = created.result.json()._id as string;
    const createEntry = onlyEntryBy(created.entries, anitha);
    expect(createEntry).toMatchObject({ action: 'create', resource_type: 'current-affair', resource_id: id, resource_title: '2026-05-01' });
    expect(createEntry.changes).toMatchObject({ title: { from: null, to: '2026-05-01' }, isVisible: { from: null, to: false } });

    const moved = await withEntries(harness, () => asManager('PUT', `/api/admin/current-affairs/${id}`, { version: 1, value: { title: '2026-05-02' } }));
    expect(moved.result.statusCode, moved.result.body).toBe(200);
    const moveEntry = onlyEntryBy(moved.entries, manu);
    expect(moveEntry).toMatchObject({ action: 'update', resource_id: id, resource_title: '2026-05-02' });
    expect(moveEntry.changes).toEqual({ title: { from: '2026-05-01', to: '2026-05-02' } });

    const [cover, pdf] = [await upload('public', 'cover.png', TINY_PNG, 'image/png'), await upload('private', 'ca.pdf', TINY_PDF, 'application/pdf')];
    const value = { title: '2026-05-02', isVisible: true, bannerImageId: cover, pdfFileId: pdf };
    const published = await withEntries(harness, () => asAdmin('PUT', `/api/admin/current-affairs/${id}`, { version: 2, value }));
    expect(published.result.json()).toMatchObject({ isPublished: true });
    const publishEntry = onlyEntryBy(
      published.entries.filter((entry) => entry.resource_type === 'current-affair'),
      anitha,
    );
    expect(publishEntry.action).toBe('publish');
    expect(publishEntry.changes).toMatchObject({
      isPublished: { from: false, to: true },
      isVisible: { from: false, to: true },
      pdfFileId: { from: null, to: pdf },
      bannerImageId: { from: null, to: cover },
    });

    const hidden = await withEntries(harness, () => asAdmin('PUT', `/api/admin/current-affairs/${id}`, { version: 3, value: { ...value, isVisible: false } }));
    expect(hidden.result.statusCode, hidden.result.body).toBe(200);
    expect(onlyEntryBy(hidden.entries, anitha)).toMatchObject({
      action: 'unpublish',
      changes: { isPublished: { from: true, to: false }, isVisible: { from: true, to: false } },
    });

    const deleted = await withEntries(harness, () => asAdmin('DELETE', `/api/admin/current-affairs/${id}`));
    expect(deleted.result.statusCode, deleted.result.body).toBe(200);
    const deleteEntry = onlyEntryBy(deleted.entries, anitha);
    expect(deleteEntry).toMatchObject({ action: 'delete', resource_id: id, resource_title: '2026-05-02' });
    expect(deleteEntry.changes).toMatchObject({ title: { from: '2026-05-02', to: null }, pdfFileId: { from: pdf, to: null } });
    await expectUnbrokenChain(harness.db);
  });

  it('writes nothing for a refused change: invalid, stale, same date, missing or forbidden', async () => {
    const id = (await asAdmin('POST', '/api/admin/current-affairs', { title: '2026-05-10' })).json()._id as string;
    await expectNoEntry(harness, 400, () => asAdmin('POST', '/api/admin/current-affairs', { title: 'tomorrow' }));
    await expectNoEntry(harness, 409, () => asAdmin('POST', '/api/admin/current-affairs', { title: '2026-05-10' }));
    await expectNoEntry(harness, 400, () =>
      asAdmin('PUT', `/api/admin/current-affairs/${id}`, { version: 1, value: { title: '2026-05-10', isVisible: 'yes' } }),
    );
    await expectNoEntry(harness, 400, () =>
      asAdmin('PUT', `/api/admin/current-affairs/${id}`, { version: 1, value: { title: '2026-05-10', pdfFileId: UNKNOWN_ID } }),
    );
    await expectNoEntry(harness, 409, () => asAdmin('PUT', `/api/admin/current-affairs/${id}`, { version: 7, value: { title: '2026-05-11' } }));
    await expectNoEntry(harness, 404, () => asAdmin('PUT', `/api/admin/current-affairs/${UNKNOWN_ID}`, { version: 1, value: { title: '2026-05-11' } }));
    await expectNoEntry(harness, 404, () => asAdmin('DELETE', `/api/admin/current-affairs/${UNKNOWN_ID}`));
    await expectNoEntry(harness, 403, () => harness.injectAs('marketing')('DELETE', `/api/admin/current-affairs/${id}`));
    await expectUnbrokenChain(harness.db);
  });

  it('keeps one change and one entry when two staff save the same copy at once', async () => {
    const id = (await asAdmin('POST', '/api/admin/current-affairs', { title: '2026-05-20' })).json()._id as string;
    const { result, entries } = await withEntries(harness, () =>
      Promise.all([
        asAdmin('PUT', `/api/admin/current-affairs/${id}`, { version: 1, value: { title: '2026-05-21' } }),
        asManager('PUT', `/api/admin/current-affairs/${id}`, { version: 1, value: { title: '2026-05-22' } }),
      ]),
    );
    expect(result.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const saved = result.findIndex((response) => response.statusCode === 200);
    const entry = onlyEntryBy(entries, saved === 0 ? anitha : manu);
    expect(entry.changes).toEqual({ title: { from: '2026-05-20', to: saved === 0 ? '2026-05-21' : '2026-05-22' } });
    await expectUnbrokenChain(harness.db);
  });
});
