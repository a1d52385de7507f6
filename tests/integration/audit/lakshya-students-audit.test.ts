import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';
import { multipartBody } from '../../support/multipart.ts';
import { createUser } from '../../support/test-app.ts';

const harness = useApp({ roles: ['admin', 'staff'], names: { admin: 'Anitha Admin' } });
const asAdmin = harness.injectAs('admin');
const asStaff = harness.injectAs('staff');
/** A second administrator, for two people saving at once. */
let otherAdminId = '';
let otherAdminCookie = '';

beforeAll(async () => {
  otherAdminId = (await createUser(harness.db, { email: 'biju.admin@example.com', name: 'Biju Admin', roles: ['admin'] })).id;
  otherAdminCookie = await harness.signIn('biju.admin@example.com');
});
const asSecond: typeof asAdmin = (...args) => harness.injectWith(otherAdminCookie)(...args);

async function entriesOf(change: () => Promise<unknown>) {
  const afterSeq = await lastAuditSeq(harness.db);
  await change();
  return auditEntries(harness.db, { afterSeq, resourceType: 'special-student' });
}

let phone = 9_847_100_000;
async function newStudent(name = 'Anjali') {
  const response = await asAdmin('POST', '/api/admin/lakshya-students', { value: { name, phoneNumber: String(++phone), expiryDate: '2027-03-31' } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { _id: string; name: string; phoneNumber: string };
}

function upload(csv: string) {
  const body = multipartBody([{ fileName: 'students.csv', content: Buffer.from(csv), field: 'csv' }]);
  return asAdmin('POST', '/api/admin/lakshya-students/upload', body.payload, body.headers);
}

describe('the audit log of special students', () => {
  it('records adding a student with who added them and the fields set', async () => {
    let student: { _id: string; phoneNumber: string } | undefined;
    const entries = await entriesOf(async () => {
      student = await newStudent('ഫാത്തിമ');
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: harness.userId('admin'),
      actor_name: 'Anitha Admin',
      actor_roles: ['admin'],
      action: 'create',
      resource_type: 'special-student',
      resource_id: student!._id,
      resource_title: 'ഫാത്തിമ',
    });
    expect(entries[0]!.changes).toEqual({
      name: { from: null, to: 'ഫാത്തിമ' },
      phoneNumber: { from: null, to: student!.phoneNumber },
      expiryDate: { from: null, to: '2027-03-31' },
    });
  });

  it('records an edit with the old and new values, and nothing for a save that changes nothing', async () => {
    const student = await newStudent('Biju');
    const entries = await entriesOf(async () => {
      const response = await asSecond('PUT', `/api/admin/lakshya-students/${student._id}`, {
        value: { name: 'Biju K', phoneNumber: student.phoneNumber, expiryDate: '' },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'update',
      actor_name: 'Biju Admin',
      actor_roles: ['admin'],
      actor_id: otherAdminId,
      resource_id: student._id,
      resource_title: 'Biju K',
    });
    expect(entries[0]!.changes).toEqual({ name: { from: 'Biju', to: 'Biju K' }, expiryDate: { from: '2027-03-31', to: null } });

    const unchanged = await entriesOf(() =>
      asSecond('PUT', `/api/admin/lakshya-students/${student._id}`, { value: { name: 'Biju K', phoneNumber: student.phoneNumber } }),
    );
    expect(unchanged).toEqual([]);
  });

  it('records a delete of several students as one entry each', async () => {
    const [one, two] = [await newStudent('One'), await newStudent('Two')];
    const entries = await entriesOf(async () => {
      const response = await asAdmin('DELETE', '/api/admin/lakshya-students', { value: [one._id, two._id, UNKNOWN_ID] });
      expect(response.json()).toEqual({ deleted: 2 });
    });
    expect(entries.map((entry) => [entry.action, entry.resource_id, entry.resource_title]).sort()).toEqual(
      [
        ['delete', one._id, 'One'],
        ['delete', two._id, 'Two'],
      ].sort(),
    );
    expect(entries.find((entry) => entry.resource_id === one._id)!.changes.phoneNumber).toEqual({ from: one.phoneNumber, to: null });
  });

  it('records a CSV import as one entry with how many were added', async () => {
    const entries = await entriesOf(async () => {
      expect((await upload('name,phoneNumber\nRiya,9895000701\nSanu,9895000702\n')).json()).toMatchObject({ hasIssues: false, imported: 2 });
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'import', resource_id: null, resource_title: '2 special students from a CSV', actor_name: 'Anitha Admin' });
    expect(entries[0]!.changes).toEqual({ imported: { from: 0, to: 2 } });
  });

  it('writes no entry for a refused change: invalid, number taken, unknown, nothing deleted, a file with issues, not allowed', async () => {
    const student = await newStudent();
    const other = await newStudent();
    const entries = await entriesOf(async () => {
      expect((await asAdmin('POST', '/api/admin/lakshya-students', { value: { name: ' ', phoneNumber: '9847000001' } })).statusCode).toBe(400);
      expect((await asAdmin('POST', '/api/admin/lakshya-students', { value: { name: 'Dup', phoneNumber: student.phoneNumber } })).statusCode).toBe(409);
      expect((await asAdmin('PUT', `/api/admin/lakshya-students/${other._id}`, { value: { name: 'X', phoneNumber: student.phoneNumber } })).statusCode).toBe(
        409,
      );
      expect((await asAdmin('PUT', `/api/admin/lakshya-students/${UNKNOWN_ID}`, { value: { name: 'X', phoneNumber: '9847000002' } })).statusCode).toBe(404);
      expect((await asAdmin('DELETE', '/api/admin/lakshya-students', { value: [UNKNOWN_ID] })).json()).toEqual({ deleted: 0 });
      expect((await upload(`name,phoneNumber\nNew,9895000801\nTaken,${student.phoneNumber}\n`)).json()).toMatchObject({ hasIssues: true, imported: 0 });
      expect((await asStaff('DELETE', '/api/admin/lakshya-students', { value: [student._id] })).statusCode).toBe(403);
    });
    expect(entries).toEqual([]);
  });

  it('of two staff deleting the same student at once, records the one delete; two edits at once chain their values', async () => {
    const student = await newStudent('Twice');
    const deletes = await entriesOf(async () => {
      const results = await Promise.all([
        asAdmin('DELETE', '/api/admin/lakshya-students', { value: [student._id] }),
        asSecond('DELETE', '/api/admin/lakshya-students', { value: [student._id] }),
      ]);
      expect(results.map((response) => response.json().deleted).sort()).toEqual([0, 1]);
    });
    expect(deletes.map((entry) => [entry.action, entry.resource_id])).toEqual([['delete', student._id]]);

    const edited = await newStudent('Start');
    const edits = await entriesOf(async () => {
      const results = await Promise.all(
        ['First', 'Second'].map((name) =>
          asAdmin('PUT', `/api/admin/lakshya-students/${edited._id}`, { value: { name, phoneNumber: edited.phoneNumber, expiryDate: '2027-03-31' } }),
        ),
      );
      expect(results.map((response) => response.statusCode)).toEqual([200, 200]);
    });
    // Each edit saw the value the other saved: the log tells the order they happened in.
    expect(edits).toHaveLength(2);
    expect(edits[0]!.changes.name).toEqual({ from: 'Start', to: (edits[1]!.changes.name as { from: string }).from });
    const stored = await harness.db.selectFrom('lakshya_students').select('name').where('id', '=', edited._id).executeTakeFirstOrThrow();
    expect((edits[1]!.changes.name as { to: string }).to).toBe(stored.name);
    await expectUnbrokenChain(harness.db);
  });
});
