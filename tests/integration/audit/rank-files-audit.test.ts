import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { expectNoEntry, onlyEntryBy, staffOf, withEntries, type StaffMember, expectOneOfTwoSaves } from '../../support/audit-change.ts';
import { expectUnbrokenChain } from '../../support/audit-entries.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';
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

async function exam(title: string): Promise<string> {
  return (
    await harness.db
      .insertInto('exams')
      .values({ title, template_id: 'mock-test', is_visible: true, is_published: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function rankFile(title: string): Promise<string> {
  const response = await asAdmin('POST', '/api/admin/rankfiles', { title });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
}

describe('rank files: the audit log', () => {
  it('records adding, publishing, saving, ranking, publishing the ranking and deleting, each with its changed fields', async () => {
    const created = await withEntries(harness, () => asAdmin('POST', '/api/admin/rankfiles', { title: 'LDC 2026 rank list' }));
    const id = created.result.json()._id as string;
    const createEntry = onlyEntryBy(created.entries, asha);
    expect(createEntry).toMatchObject({ action: 'create', resource_type: 'rank-file', resource_id: id, resource_title: 'LDC 2026 rank list' });
    expect(createEntry.changes).toMatchObject({ title: { from: null, to: 'LDC 2026 rank list' }, isPublished: { from: null, to: false } });

    const [mock, card] = [await exam('Mock 1'), await createPaidRateCard(harness.db)];
    const value = { title: 'LDC 2026 rank list', isVisible: true, masterSubscription: card, groups: [{ title: 'Week 1', exam: mock }] };
    const published = await withEntries(harness, () => asAdmin('PUT', `/api/admin/rankfiles/${id}`, { version: 1, value }));
    expect(published.result.json()).toMatchObject({ isPublished: true });
    const publishEntry = onlyEntryBy(published.entries, asha);
    expect(publishEntry.action).toBe('publish');
    expect(publishEntry.changes).toMatchObject({ isPublished: { from: false, to: true }, isVisible: { from: false, to: true } });
    expect(publishEntry.changes.groups).toMatchObject({ from: [], to: [{ title: 'Week 1', exam: mock, examTitle: 'Mock 1' }] });

    const renamed = await withEntries(harness, () =>
      asAdmin('PUT', `/api/admin/rankfiles/${id}`, {
        version: 2,
        value: {
          ...value,
          title: 'LDC 2026 ranks',
          groups: published.result.json().groupResIds.map((resId: string) => ({ resId, title: 'Week 1', exam: mock })),
        },
      }),
    );
    expect(onlyEntryBy(renamed.entries, asha)).toMatchObject({ action: 'update', changes: { title: { from: 'LDC 2026 rank list', to: 'LDC 2026 ranks' } } });
    expect(Object.keys(onlyEntryBy(renamed.entries, asha).changes)).toEqual(['title']);

    const synced = await withEntries(harness, () => asAdmin('PUT', `/api/admin/rankfiles/${id}/ranking/sync`));
    expect(synced.result.statusCode, synced.result.body).toBe(200);
    const syncEntry = onlyEntryBy(synced.entries, asha);
    expect(syncEntry).toMatchObject({ action: 'update', changes: { lastRankRefresh: { from: null } } });

    const rankingOut = await withEntries(harness, () => asAdmin('PUT', `/api/admin/rankfiles/${id}/ranking/status/published`));
    expect(onlyEntryBy(rankingOut.entries, asha)).toMatchObject({ action: 'publish', changes: { isRankPublished: { from: false, to: true } } });
    await expectNoEntry(harness, 200, () => asAdmin('PUT', `/api/admin/rankfiles/${id}/ranking/status/published`));
    const rankingIn = await withEntries(harness, () => asAdmin('PUT', `/api/admin/rankfiles/${id}/ranking/status/unpublished`));
    expect(onlyEntryBy(rankingIn.entries, asha)).toMatchObject({ action: 'unpublish', changes: { isRankPublished: { from: true, to: false } } });

    const deleted = await withEntries(harness, () => asAdmin('DELETE', `/api/admin/rankfiles/${id}`));
    expect(deleted.result.statusCode, deleted.result.body).toBe(200);
    const deleteEntry = onlyEntryBy(deleted.entries, asha);
    expect(deleteEntry).toMatchObject({ action: 'delete', resource_id: id, resource_title: 'LDC 2026 ranks' });
    expect(deleteEntry.changes).toMatchObject({ title: { from: 'LDC 2026 ranks', to: null } });
    await expectUnbrokenChain(harness.db);
  });

  it('writes nothing for a refused change: invalid, stale, never ranked, missing or forbidden', async () => {
    const id = await rankFile('Refusals');
    await expectNoEntry(harness, 400, () => asAdmin('POST', '/api/admin/rankfiles', { title: ' ' }));
    await expectNoEntry(harness, 400, () =>
      asAdmin('PUT', `/api/admin/rankfiles/${id}`, { version: 1, value: { title: 'X', groups: [{ exam: UNKNOWN_ID }] } }),
    );
    await expectNoEntry(harness, 409, () => asAdmin('PUT', `/api/admin/rankfiles/${id}`, { version: 4, value: { title: 'X' } }));
    await expectNoEntry(harness, 404, () => asAdmin('PUT', `/api/admin/rankfiles/${UNKNOWN_ID}`, { version: 1, value: { title: 'X' } }));
    await expectNoEntry(harness, 409, () => asAdmin('PUT', `/api/admin/rankfiles/${id}/ranking/status/published`));
    await expectNoEntry(harness, 404, () => asAdmin('PUT', `/api/admin/rankfiles/${UNKNOWN_ID}/ranking/sync`));
    await expectNoEntry(harness, 404, () => asAdmin('DELETE', `/api/admin/rankfiles/${UNKNOWN_ID}`));
    await expectNoEntry(harness, 403, () => harness.injectAs('student')('DELETE', `/api/admin/rankfiles/${id}`));
    await expectUnbrokenChain(harness.db);
  });

  it('keeps one change and one entry when two administrators save the same copy at once', async () => {
    const id = await rankFile('Same copy');
    await expectOneOfTwoSaves(
      harness,
      'Same copy',
      { by: asha, title: 'Copy A', save: () => asAdmin('PUT', `/api/admin/rankfiles/${id}`, { version: 1, value: { title: 'Copy A' } }) },
      { by: bindu, title: 'Copy B', save: () => asBindu('PUT', `/api/admin/rankfiles/${id}`, { version: 1, value: { title: 'Copy B' } }) },
    );
  });
});
