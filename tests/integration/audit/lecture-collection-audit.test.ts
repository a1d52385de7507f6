import { beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { checkLectureNotes } from '../../../server/pending-pdf/pending-pdf.service.ts';
import { useApp } from '../../support/app-harness.ts';
import { expectNoEntry, onlyEntryBy, staffOf, withEntries, type StaffMember } from '../../support/audit-change.ts';
import { expectUnbrokenChain } from '../../support/audit-entries.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';
import { multipartBody, TINY_PDF } from '../../support/multipart.ts';
import { testConfig } from '../../support/test-app.ts';

const harness = useApp({ roles: ['admin', 'student'], names: { admin: 'Asha' } });
const asAdmin = harness.injectAs('admin');
let asha: StaffMember;

beforeAll(() => {
  asha = staffOf(harness, 'admin', 'Asha');
});

const lecture = async (title: string) => (await asAdmin('POST', '/api/admin/lecture', { title })).json()._id as string;
const add = (id: string) => asAdmin('POST', `/api/admin/lecture/add/lecture-collection/${id}`);
const rename = (title: string) => asAdmin('POST', '/api/admin/lecture/update/lecture-collection/title', { title });
const reorder = (ids: string[]) =>
  asAdmin('POST', '/api/admin/lecture/update/lecture-collection/order', { lecturesMetaData: ids.map((_id) => ({ _id, title: 'ignored' })) });

describe('the custom lecture collection: the audit log', () => {
  it('records renaming it and adding, reordering and removing its lectures; a change that changes nothing writes nothing', async () => {
    const [first, second] = [await lecture('Rivers'), await lecture('Hills')];
    const renamed = await withEntries(harness, () => rename('Free classes'));
    const renameEntry = onlyEntryBy(renamed.entries, asha);
    expect(renameEntry).toMatchObject({ action: 'update', resource_type: 'lecture-collection', resource_id: null, resource_title: 'Free classes' });
    expect(renameEntry.changes.title).toMatchObject({ to: 'Free classes' });

    const added = await withEntries(harness, () => add(first));
    expect(onlyEntryBy(added.entries, asha).changes).toEqual({ lectures: { from: [], to: [{ _id: first, title: 'Rivers' }] } });
    await expectNoEntry(harness, 200, () => add(first));
    await add(second);

    const reordered = await withEntries(harness, () => reorder([second, first]));
    expect(onlyEntryBy(reordered.entries, asha).changes).toEqual({
      lectures: {
        from: [
          { _id: first, title: 'Rivers' },
          { _id: second, title: 'Hills' },
        ],
        to: [
          { _id: second, title: 'Hills' },
          { _id: first, title: 'Rivers' },
        ],
      },
    });
    const removed = await withEntries(harness, () => asAdmin('POST', `/api/admin/lecture/remove/lecture-collection/${second}`));
    expect(onlyEntryBy(removed.entries, asha).changes).toMatchObject({ lectures: { to: [{ _id: first, title: 'Rivers' }] } });
    await expectUnbrokenChain(harness.db);
  });

  it('writes nothing for a refused change: blank title, unknown lecture, a stale order, or a student', async () => {
    const id = await lecture('Refused');
    await expectNoEntry(harness, 400, () => rename('  '));
    await expectNoEntry(harness, 404, () => add(UNKNOWN_ID));
    await expectNoEntry(harness, 409, () => reorder([id]));
    await expectNoEntry(harness, 403, () => harness.injectAs('student')('POST', `/api/admin/lecture/add/lecture-collection/${id}`));
    await expectUnbrokenChain(harness.db);
  });

  it('keeps one entry when two administrators rename it at once: both changes are recorded in the order they were made', async () => {
    const { result, entries } = await withEntries(harness, () => Promise.all([rename('Title A'), rename('Title B')]));
    expect(result.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(entries).toHaveLength(2);
    const [firstEntry, secondEntry] = entries;
    expect(secondEntry!.changes.title).toMatchObject({ from: (firstEntry!.changes.title as { to: string }).to });
    await expectUnbrokenChain(harness.db);
  });
});

describe('pending PDFs: the audit log', () => {
  it('records marking a lecture’s missing notes resolved on the lecture, and nothing when none were missing', async () => {
    const body = multipartBody([{ fileName: 'lost.pdf', content: TINY_PDF }]);
    const file = (await asAdmin('POST', '/api/assets/private', body.payload, body.headers)).json()[0]._id as string;
    const id = await lecture('Kerala history');
    expect(
      (await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title: 'Kerala history', notes: [{ resId: 'n1', pdfFileId: file }] } })).statusCode,
    ).toBe(200);
    const storage = createStorage(testConfig());
    const { storage_key } = await harness.db.selectFrom('assets').select('storage_key').where('id', '=', file).executeTakeFirstOrThrow();
    await storage.delete(storage_key);
    await checkLectureNotes({ db: harness.db, storage });

    const solved = await withEntries(harness, () => asAdmin('PUT', `/api/admin/mark-solved/${id}`));
    expect(solved.result.json()).toEqual({ resolved: 1 });
    expect(onlyEntryBy(solved.entries, asha)).toMatchObject({
      action: 'update',
      resource_type: 'lecture',
      resource_id: id,
      resource_title: 'Kerala history',
      changes: { unresolvedMissingNotes: { from: 1, to: 0 } },
    });
    await expectNoEntry(harness, 200, () => asAdmin('PUT', `/api/admin/mark-solved/${id}`));
    await expectNoEntry(harness, 404, () => asAdmin('PUT', `/api/admin/mark-solved/${UNKNOWN_ID}`));
    await expectNoEntry(harness, 403, () => harness.injectAs('student')('PUT', `/api/admin/mark-solved/${id}`));
    await expectUnbrokenChain(harness.db);
  });
});
