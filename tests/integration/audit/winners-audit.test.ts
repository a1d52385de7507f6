import { beforeAll, describe, expect, it } from 'vitest';
import { WINNER_DRAFT_DEFAULTS } from '../../../shared/winners/winners.schema.ts';
import { useApp } from '../../support/app-harness.ts';
import { expectNoEntry, onlyEntryBy, staffOf, withEntries, type StaffMember } from '../../support/audit-change.ts';
import { expectUnbrokenChain } from '../../support/audit-entries.ts';
import { createImageAsset } from '../../support/factories/asset.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';
import { createUser } from '../../support/test-app.ts';

const harness = useApp({ roles: ['admin', 'manager'], names: { admin: 'Asha' } });
const asAdmin = harness.injectAs('admin');
let asha: StaffMember;
let bindu: StaffMember;
let asBindu: ReturnType<typeof harness.injectWith>;
let student = '';

beforeAll(async () => {
  asha = staffOf(harness, 'admin', 'Asha');
  const second = await createUser(harness.db, { email: 'bindu@example.com', name: 'Bindu', roles: ['admin'] });
  bindu = { id: second.id, name: 'Bindu', roles: ['admin'] };
  asBindu = harness.injectWith(await harness.signIn('bindu@example.com'));
  student = (await createUser(harness.db, { email: 'winner@example.com', name: 'Devika Menon' })).id;
});

const photo = () => createImageAsset(harness.db, { file_name: 'winner.jpg', size_in_bytes: 2048, storage_key: 'assets/x/original/w', state: 'ready' });

async function draft(winnerName = 'Devika Menon'): Promise<string> {
  const response = await asAdmin('POST', '/api/admin/winners', { user: student, winnerName, ...WINNER_DRAFT_DEFAULTS, examTitle: 'Daily quiz 12', rank: 1 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
}

const fullValue = async (overrides: Record<string, unknown> = {}) => ({
  winnerName: 'Devika Menon',
  isPublic: true,
  isVisible: true,
  claimMessage: WINNER_DRAFT_DEFAULTS.claimMessage,
  titleMessage: WINNER_DRAFT_DEFAULTS.titleMessage,
  examTitle: 'Daily quiz 12',
  prizeAmount: 1500.5,
  rank: 1,
  bannerImageId: await photo(),
  ...overrides,
});

describe('winner announcements: the audit log', () => {
  it('records drafting, publishing, saving, activating, deactivating and deleting, each with its changed fields', async () => {
    const created = await withEntries(harness, () =>
      asAdmin('POST', '/api/admin/winners', { user: student, winnerName: 'Devika Menon', ...WINNER_DRAFT_DEFAULTS, examTitle: 'Daily quiz 12', rank: 1 }),
    );
    const id = created.result.json()._id as string;
    const createEntry = onlyEntryBy(created.entries, asha);
    expect(createEntry).toMatchObject({ action: 'create', resource_type: 'winner', resource_id: id, resource_title: 'Devika Menon' });
    expect(createEntry.changes).toMatchObject({ winnerName: { from: null, to: 'Devika Menon' }, rank: { from: null, to: 1 } });

    const value = await fullValue();
    const published = await withEntries(harness, () => asAdmin('PUT', `/api/admin/winners/${id}`, { version: 1, value }));
    expect(published.result.statusCode, published.result.body).toBe(200);
    const publishEntry = onlyEntryBy(published.entries, asha);
    expect(publishEntry.action).toBe('publish');
    expect(publishEntry.changes).toMatchObject({
      isPublished: { from: false, to: true },
      prizeAmount: { from: 0, to: 1500.5 },
      bannerImageId: { from: null, to: value.bannerImageId },
    });

    const renamed = await withEntries(harness, () => asAdmin('PUT', `/api/admin/winners/${id}`, { version: 2, value: { ...value, winnerName: 'Devika M' } }));
    expect(onlyEntryBy(renamed.entries, asha)).toMatchObject({
      action: 'update',
      resource_title: 'Devika M',
      changes: { winnerName: { from: 'Devika Menon', to: 'Devika M' } },
    });

    const other = await draft('Rahul');
    expect((await asAdmin('PUT', `/api/admin/winners/${other}`, { value: await fullValue({ winnerName: 'Rahul' }) })).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/admin/winners/activate/${other}`)).statusCode).toBe(200);
    const activated = await withEntries(harness, () => asAdmin('PUT', `/api/admin/winners/activate/${id}`));
    expect(activated.result.json()).toEqual({ activeId: id });
    expect(activated.entries.map((entry) => [entry.action, entry.resource_id, entry.changes])).toEqual([
      ['deactivate', other, { isActive: { from: true, to: false } }],
      ['activate', id, { isActive: { from: false, to: true } }],
    ]);

    const deactivated = await withEntries(harness, () => asAdmin('PUT', '/api/admin/winners/deactivate'));
    expect(onlyEntryBy(deactivated.entries, asha)).toMatchObject({ action: 'deactivate', resource_id: id, changes: { isActive: { from: true, to: false } } });
    // Nothing was active: nothing changed, nothing is recorded.
    await expectNoEntry(harness, 200, () => asAdmin('PUT', '/api/admin/winners/deactivate'));

    const deleted = await withEntries(harness, () => asAdmin('DELETE', `/api/admin/winners/${id}`));
    expect(deleted.result.statusCode, deleted.result.body).toBe(200);
    const deleteEntry = onlyEntryBy(deleted.entries, asha);
    expect(deleteEntry).toMatchObject({ action: 'delete', resource_id: id, resource_title: 'Devika M' });
    expect(deleteEntry.changes).toMatchObject({ winnerName: { from: 'Devika M', to: null } });
    await expectUnbrokenChain(harness.db);
  });

  it('writes nothing for a refused change: invalid, stale, unpublished, active, missing or forbidden', async () => {
    const id = await draft();
    await expectNoEntry(harness, 400, () => asAdmin('POST', '/api/admin/winners', { winnerName: 'X', user: UNKNOWN_ID }));
    await expectNoEntry(harness, 400, () => asAdmin('PUT', `/api/admin/winners/${id}`, { version: 1, value: { winnerName: 'X', rank: 'first' } }));
    await expectNoEntry(harness, 409, async () => asAdmin('PUT', `/api/admin/winners/${id}`, { version: 5, value: await fullValue() }));
    await expectNoEntry(harness, 404, async () => asAdmin('PUT', `/api/admin/winners/${UNKNOWN_ID}`, { value: await fullValue() }));
    await expectNoEntry(harness, 409, () => asAdmin('PUT', `/api/admin/winners/activate/${id}`));
    expect((await asAdmin('PUT', `/api/admin/winners/${id}`, { value: await fullValue() })).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/admin/winners/activate/${id}`)).statusCode).toBe(200);
    await expectNoEntry(harness, 200, () => asAdmin('PUT', `/api/admin/winners/activate/${id}`));
    const refusedDelete = await withEntries(harness, () => asAdmin('DELETE', `/api/admin/winners/${id}`));
    expect(refusedDelete.result.statusCode).toBeGreaterThanOrEqual(400);
    expect(refusedDelete.entries).toEqual([]);
    await expectNoEntry(harness, 404, () => asAdmin('DELETE', `/api/admin/winners/${UNKNOWN_ID}`));
    await expectNoEntry(harness, 403, () => harness.injectAs('manager')('DELETE', `/api/admin/winners/${id}`));
    await expectUnbrokenChain(harness.db);
  });

  it('keeps one change and one entry when two administrators save the same copy at once', async () => {
    const id = await draft('Meera');
    const { result, entries } = await withEntries(harness, () =>
      Promise.all([
        asAdmin('PUT', `/api/admin/winners/${id}`, { version: 1, value: { winnerName: 'Meera A' } }),
        asBindu('PUT', `/api/admin/winners/${id}`, { version: 1, value: { winnerName: 'Meera B' } }),
      ]),
    );
    expect(result.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const saved = result.findIndex((response) => response.statusCode === 200);
    const entry = onlyEntryBy(entries, saved === 0 ? asha : bindu);
    expect(entry.changes).toMatchObject({ winnerName: { from: 'Meera', to: saved === 0 ? 'Meera A' : 'Meera B' } });
    await expectUnbrokenChain(harness.db);
  });
});
