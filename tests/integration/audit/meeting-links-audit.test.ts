import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { expectNoEntry, onlyEntryBy, staffOf, withEntries, type StaffMember } from '../../support/audit-change.ts';
import { expectUnbrokenChain } from '../../support/audit-entries.ts';
import { createCourse } from '../../support/factories/course.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';
import { createUser } from '../../support/test-app.ts';
import { inHours, linkBody } from '../meeting-links/link-body.ts';

const harness = useApp({ roles: ['admin', 'manager'], names: { admin: 'Asha' } });
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

describe('meeting links: the audit log', () => {
  it('records adding, editing, switching off and on, and removing a link, and never the passcode in its address', async () => {
    const course = await createCourse(harness.db, { title: 'KAS Prelims' });
    const body = linkBody({ title: 'Live class', url: 'https://zoom.example.com/j/123?pwd=s3cretPass&lang=ml' });
    const created = await withEntries(harness, () => asAdmin('POST', '/api/admin/meeting-links', body));
    expect(created.result.statusCode, created.result.body).toBe(200);
    const link = created.result.json();
    const createEntry = onlyEntryBy(created.entries, asha);
    expect(createEntry).toMatchObject({ action: 'create', resource_type: 'meeting-link', resource_id: link._id, resource_title: 'Live class' });
    expect(createEntry.changes).toMatchObject({ title: { from: null, to: 'Live class' }, isActive: { from: null, to: true } });
    expect(JSON.stringify(created.entries)).not.toContain('s3cretPass');
    expect(createEntry.changes.url).toEqual({ from: null, to: 'https://zoom.example.com/j/123?pwd=hidden&lang=ml' });

    const edited = await withEntries(harness, () =>
      asAdmin('PUT', `/api/admin/meeting-links/${link._id}`, {
        ...body,
        url: 'https://zoom.example.com/j/123?pwd=another1',
        title: 'Live class 2',
        courseIds: [course],
        version: 1,
      }),
    );
    expect(edited.result.statusCode, edited.result.body).toBe(200);
    const editEntry = onlyEntryBy(edited.entries, asha);
    expect(editEntry).toMatchObject({ action: 'update', resource_title: 'Live class 2' });
    expect(editEntry.changes).toMatchObject({
      title: { from: 'Live class', to: 'Live class 2' },
      courses: { from: [], to: [{ _id: course, title: 'KAS Prelims' }] },
    });
    expect(JSON.stringify(editEntry)).not.toMatch(/s3cretPass|another1/);

    const off = await withEntries(harness, () => asAdmin('PUT', '/api/admin/update/meeting-link', { id: link._id }));
    expect(onlyEntryBy(off.entries, asha)).toMatchObject({ action: 'deactivate', changes: { isActive: { from: true, to: false } } });
    const on = await withEntries(harness, () => asAdmin('PUT', '/api/admin/update/meeting-link', { id: link._id }));
    expect(onlyEntryBy(on.entries, asha)).toMatchObject({ action: 'activate', changes: { isActive: { from: false, to: true } } });

    const removed = await withEntries(harness, () => asAdmin('DELETE', `/api/admin/meeting-link/${link._id}`));
    expect(removed.result.statusCode, removed.result.body).toBe(200);
    const deleteEntry = onlyEntryBy(removed.entries, asha);
    expect(deleteEntry).toMatchObject({ action: 'delete', resource_id: link._id, resource_title: 'Live class 2' });
    expect(deleteEntry.changes).toMatchObject({ title: { from: 'Live class 2', to: null } });
    await expectUnbrokenChain(harness.db);
  });

  it('writes nothing for a refused change: invalid, stale, missing or forbidden', async () => {
    const link = (await asAdmin('POST', '/api/admin/meeting-links', linkBody())).json();
    await expectNoEntry(harness, 400, () => asAdmin('POST', '/api/admin/meeting-links', linkBody({ url: 'ftp://example.com' })));
    await expectNoEntry(harness, 400, () => asAdmin('POST', '/api/admin/meeting-links', linkBody({ courseIds: [UNKNOWN_ID] })));
    await expectNoEntry(harness, 400, () =>
      asAdmin('PUT', `/api/admin/meeting-links/${link._id}`, linkBody({ endDate: inHours(-1), startDate: inHours(-2), version: 1 })),
    );
    await expectNoEntry(harness, 409, () => asAdmin('PUT', `/api/admin/meeting-links/${link._id}`, linkBody({ version: 9 })));
    await expectNoEntry(harness, 404, () => asAdmin('PUT', `/api/admin/meeting-links/${UNKNOWN_ID}`, linkBody({ version: 1 })));
    await expectNoEntry(harness, 404, () => asAdmin('PUT', '/api/admin/update/meeting-link', { id: UNKNOWN_ID }));
    await expectNoEntry(harness, 404, () => asAdmin('DELETE', `/api/admin/meeting-link/${UNKNOWN_ID}`));
    await expectNoEntry(harness, 403, () => harness.injectAs('manager')('DELETE', `/api/admin/meeting-link/${link._id}`));
    await expectUnbrokenChain(harness.db);
  });

  it('keeps one change and one entry when two administrators save the same copy at once', async () => {
    const body = linkBody({ title: 'Mock talk' });
    const link = (await asAdmin('POST', '/api/admin/meeting-links', body)).json();
    const { result, entries } = await withEntries(harness, () =>
      Promise.all([
        asAdmin('PUT', `/api/admin/meeting-links/${link._id}`, { ...body, title: 'Mock talk A', version: 1 }),
        asBindu('PUT', `/api/admin/meeting-links/${link._id}`, { ...body, title: 'Mock talk B', version: 1 }),
      ]),
    );
    expect(result.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const saved = result.findIndex((response) => response.statusCode === 200);
    const entry = onlyEntryBy(entries, saved === 0 ? asha : bindu);
    expect(entry.changes).toEqual({ title: { from: 'Mock talk', to: saved === 0 ? 'Mock talk A' : 'Mock talk B' } });
    await expectUnbrokenChain(harness.db);
  });
});
