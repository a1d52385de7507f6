import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { expectNoEntry, onlyEntryBy, staffOf, withEntries, type StaffMember, expectOneOfTwoSaves } from '../../support/audit-change.ts';
import { expectUnbrokenChain } from '../../support/audit-entries.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';
import { createUser } from '../../support/test-app.ts';

const harness = useApp({ roles: ['admin', 'student'], names: { admin: 'Asha' } });
const asAdmin = harness.injectAs('admin');
let asha: StaffMember;
let bindu: StaffMember;
let asBindu: ReturnType<typeof harness.injectWith>;

beforeAll(async () => {
  asha = staffOf(harness, 'admin', 'Asha');
  const second = await createUser(harness.db, { email: 'bindu@example.com', name: 'Bindu', roles: ['admin'] });
  bindu = { id: second.id, name: 'Bindu', roles: ['admin'] };
  asBindu = harness.injectWith(await harness.signIn('bindu@example.com'));
});

async function lecture(title: string): Promise<string> {
  const response = await asAdmin('POST', '/api/admin/lecture', { title });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
}

const published = { title: 'Rivers of Kerala', isVisible: true, lecturerName: 'Dr. Anitha', youtubeLink: 'dQw4w9WgXcQ', enableYoutubePlayer: true, notes: [] };

describe('lectures: the audit log', () => {
  it('records adding, publishing, saving, unpublishing and deleting a lecture, each with its changed fields', async () => {
    const created = await withEntries(harness, () => asAdmin('POST', '/api/admin/lecture', { title: 'Rivers of Kerala' }));
    const id = created.result.json()._id as string;
    const createEntry = onlyEntryBy(created.entries, asha);
    expect(createEntry).toMatchObject({ action: 'create', resource_type: 'lecture', resource_id: id, resource_title: 'Rivers of Kerala' });
    expect(createEntry.changes).toMatchObject({ title: { from: null, to: 'Rivers of Kerala' }, isPublished: { from: null, to: false } });

    const publishing = await withEntries(harness, () => asAdmin('PUT', `/api/admin/lecture/${id}`, { version: 1, value: published }));
    expect(publishing.result.json()).toMatchObject({ isPublished: true });
    const publishEntry = onlyEntryBy(publishing.entries, asha);
    expect(publishEntry.action).toBe('publish');
    expect(publishEntry.changes).toMatchObject({
      isPublished: { from: false, to: true },
      lecturerName: { from: '', to: 'Dr. Anitha' },
      youtubeLink: { from: null, to: 'dQw4w9WgXcQ' },
    });

    const renamed = await withEntries(harness, () => asAdmin('PUT', `/api/admin/lecture/${id}`, { version: 2, value: { ...published, title: 'Rivers' } }));
    expect(onlyEntryBy(renamed.entries, asha)).toMatchObject({
      action: 'update',
      resource_title: 'Rivers',
      changes: { title: { from: 'Rivers of Kerala', to: 'Rivers' } },
    });
    expect(Object.keys(renamed.entries[0]!.changes)).toEqual(['title']);

    const hidden = await withEntries(harness, () =>
      asAdmin('PUT', `/api/admin/lecture/${id}`, { version: 3, value: { ...published, title: 'Rivers', isVisible: false } }),
    );
    expect(onlyEntryBy(hidden.entries, asha)).toMatchObject({ action: 'unpublish', changes: { isPublished: { from: true, to: false } } });

    const deleted = await withEntries(harness, () => asAdmin('DELETE', `/api/admin/lecture/${id}`));
    expect(deleted.result.statusCode, deleted.result.body).toBe(200);
    const deleteEntry = onlyEntryBy(deleted.entries, asha);
    expect(deleteEntry).toMatchObject({ action: 'delete', resource_id: id, resource_title: 'Rivers' });
    expect(deleteEntry.changes).toMatchObject({ title: { from: 'Rivers', to: null } });
    await expectUnbrokenChain(harness.db);
  });

  it('writes nothing for a refused change: invalid, stale, missing or forbidden', async () => {
    const id = await lecture('Refusals');
    await expectNoEntry(harness, 400, () => asAdmin('POST', '/api/admin/lecture', { title: ' ' }));
    await expectNoEntry(harness, 400, () =>
      asAdmin('PUT', `/api/admin/lecture/${id}`, { version: 1, value: { title: 'X', youtubeLink: 'https://youtu.be/x' } }),
    );
    await expectNoEntry(harness, 400, () => asAdmin('PUT', `/api/admin/lecture/${id}`, { version: 1, value: { title: 'X', masterSubscription: UNKNOWN_ID } }));
    await expectNoEntry(harness, 409, () => asAdmin('PUT', `/api/admin/lecture/${id}`, { version: 6, value: { title: 'X' } }));
    await expectNoEntry(harness, 404, () => asAdmin('PUT', `/api/admin/lecture/${UNKNOWN_ID}`, { version: 1, value: { title: 'X' } }));
    await expectNoEntry(harness, 404, () => asAdmin('DELETE', `/api/admin/lecture/${UNKNOWN_ID}`));
    await expectNoEntry(harness, 403, () => harness.injectAs('student')('DELETE', `/api/admin/lecture/${id}`));
    await expectUnbrokenChain(harness.db);
  });

  it('keeps one change and one entry when two administrators save the same copy at once', async () => {
    const id = await lecture('Same copy');
    await expectOneOfTwoSaves(
      harness,
      'Same copy',
      { by: asha, title: 'Copy A', save: () => asAdmin('PUT', `/api/admin/lecture/${id}`, { version: 1, value: { title: 'Copy A' } }) },
      { by: bindu, title: 'Copy B', save: () => asBindu('PUT', `/api/admin/lecture/${id}`, { version: 1, value: { title: 'Copy B' } }) },
    );
  });
});
