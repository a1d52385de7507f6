import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { expectNoEntry, onlyEntryBy, staffOf, withEntries, type StaffMember, expectOneOfTwoSaves } from '../../support/audit-change.ts';
import { expectUnbrokenChain } from '../../support/audit-entries.ts';
import { createFreeRateCard, questionGroup } from '../../support/exam-factory.ts';
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
  published = publishedValue(await createFreeRateCard(harness.db));
});

async function exam(title: string): Promise<string> {
  const response = await asAdmin('POST', '/api/admin/exams', { title, templateId: 'regular' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
}

let published: Record<string, unknown>;
const publishedValue = (masterSubscription: string) => ({
  masterSubscription,
  title: 'LDC Mock 1',
  isVisible: true,
  examDurationInMinutes: 30,
  totalQuestions: 2,
  totalMarks: 2,
  questionGroups: [questionGroup(2)],
});

describe('exams: the audit log', () => {
  it('records creating, publishing, saving, unpublishing, copying and deleting an exam, and publishing its ranking', async () => {
    const created = await withEntries(harness, () => asAdmin('POST', '/api/admin/exams', { title: 'LDC Mock 1', templateId: 'regular' }));
    const id = created.result.json()._id as string;
    const createEntry = onlyEntryBy(created.entries, asha);
    expect(createEntry).toMatchObject({ action: 'create', resource_type: 'exam', resource_id: id, resource_title: 'LDC Mock 1' });
    expect(createEntry.changes).toMatchObject({ title: { from: null, to: 'LDC Mock 1' }, isVisible: { from: null, to: false } });

    const publishing = await withEntries(harness, () => asAdmin('PUT', `/api/admin/exams/${id}`, { version: 1, value: published }));
    expect(publishing.result.json()).toMatchObject({ isPublished: true });
    const publishEntry = onlyEntryBy(publishing.entries, asha);
    expect(publishEntry.action).toBe('publish');
    expect(publishEntry.changes).toMatchObject({ isPublished: { from: false, to: true }, totalQuestions: { to: 2 } });
    expect(publishEntry.changes.questionGroups).toMatchObject({ from: [] });

    const renamed = await withEntries(harness, () => asAdmin('PUT', `/api/admin/exams/${id}`, { version: 2, value: { ...published, title: 'LDC Mock 2' } }));
    expect(onlyEntryBy(renamed.entries, asha)).toMatchObject({ action: 'update', changes: { title: { from: 'LDC Mock 1', to: 'LDC Mock 2' } } });
    expect(Object.keys(renamed.entries[0]!.changes)).toEqual(['title']);

    await expectNoEntry(harness, 409, () => asAdmin('PUT', `/api/admin/exams/${id}/rank/status/published`));
    expect((await asAdmin('PUT', `/api/admin/exams/${id}/rank/sync`)).statusCode).toBe(200);
    const ranking = await withEntries(harness, () => asAdmin('PUT', `/api/admin/exams/${id}/rank/status/published`));
    expect(onlyEntryBy(ranking.entries, asha)).toMatchObject({ action: 'publish', changes: { isRankPublished: { from: false, to: true } } });

    const hidden = await withEntries(harness, () =>
      asAdmin('PUT', `/api/admin/exams/${id}`, { version: 3, value: { ...published, title: 'LDC Mock 2', isVisible: false } }),
    );
    expect(onlyEntryBy(hidden.entries, asha)).toMatchObject({ action: 'unpublish', changes: { isPublished: { from: true, to: false } } });

    const copied = await withEntries(harness, () => asAdmin('POST', '/api/exams/copy/campus', { id }));
    const copyId = copied.result.json()._id as string;
    expect(onlyEntryBy(copied.entries, asha)).toMatchObject({ action: 'create', resource_id: copyId, resource_title: 'LDC Mock 2 (copy)' });

    const deleted = await withEntries(harness, () => asAdmin('DELETE', `/api/admin/exams/${copyId}`));
    expect(deleted.result.statusCode, deleted.result.body).toBe(200);
    const deleteEntry = onlyEntryBy(deleted.entries, asha);
    expect(deleteEntry).toMatchObject({ action: 'delete', resource_id: copyId });
    expect(deleteEntry.changes).toMatchObject({ title: { from: 'LDC Mock 2 (copy)', to: null } });
    await expectUnbrokenChain(harness.db);
  });

  it('writes nothing for a refused change: invalid, stale, missing or forbidden', async () => {
    const id = await exam('Refusals');
    await expectNoEntry(harness, 400, () => asAdmin('POST', '/api/admin/exams', { title: '' }));
    await expectNoEntry(harness, 400, () => asAdmin('PUT', `/api/admin/exams/${id}`, { version: 1, value: { title: 'X', masterSubscription: UNKNOWN_ID } }));
    await expectNoEntry(harness, 409, () => asAdmin('PUT', `/api/admin/exams/${id}`, { version: 8, value: { title: 'X' } }));
    await expectNoEntry(harness, 404, () => asAdmin('PUT', `/api/admin/exams/${UNKNOWN_ID}`, { version: 1, value: { title: 'X' } }));
    await expectNoEntry(harness, 404, () => asAdmin('DELETE', `/api/admin/exams/${UNKNOWN_ID}`));
    await expectNoEntry(harness, 404, () => asAdmin('POST', '/api/exams/copy/campus', { id: UNKNOWN_ID }));
    await expectNoEntry(harness, 403, () => harness.injectAs('student')('DELETE', `/api/admin/exams/${id}`));
    await expectUnbrokenChain(harness.db);
  });

  it('keeps one change and one entry when two administrators save the same copy at once', async () => {
    const id = await exam('Same copy');
    await expectOneOfTwoSaves(
      harness,
      'Same copy',
      { by: asha, title: 'Copy A', save: () => asAdmin('PUT', `/api/admin/exams/${id}`, { version: 1, value: { title: 'Copy A' } }) },
      { by: bindu, title: 'Copy B', save: () => asBindu('PUT', `/api/admin/exams/${id}`, { version: 1, value: { title: 'Copy B' } }) },
    );
  });
});
