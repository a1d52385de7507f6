import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { allPageIds, ascendingIds, expectSortRefused } from '../../support/sorted-pages.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

describe('sorting the special students list', () => {
  it('sorts by each column both ways, ties broken by the id, every page complete and without repeats; the export follows', async () => {
    // Equal names and expiry dates, and missing ones: the id decides the ties.
    const spec = [
      { name: 'Zqls Beta', phone: '9710000003', expiry: '2027-01-01', at: '2026-11-03T10:00:00Z' },
      { name: 'Zqls Alpha', phone: '9710000001', expiry: null, at: '2026-11-01T10:00:00Z' },
      { name: 'Zqls Beta', phone: '9710000005', expiry: '2027-01-01', at: '2026-11-05T10:00:00Z' },
      { name: 'Zqls Gamma', phone: '9710000002', expiry: null, at: '2026-11-02T10:00:00Z' },
      { name: 'Zqls Alpha', phone: '9710000004', expiry: '2026-12-31', at: '2026-11-04T10:00:00Z' },
    ];
    const rows: Array<(typeof spec)[number] & { id: string }> = [];
    for (const student of spec) {
      const { id } = await harness.db
        .insertInto('lakshya_students')
        .values({ name: student.name, phone_number: student.phone, expiry_date: student.expiry, created_at: new Date(student.at) })
        .returning('id')
        .executeTakeFirstOrThrow();
      rows.push({ ...student, id });
    }
    type Row = (typeof rows)[number];
    const keys = {
      name: (row: Row) => row.name,
      phoneNumber: (row: Row) => row.phone,
      expiryDate: (row: Row) => row.expiry,
      createdAt: (row: Row) => row.at,
    };
    for (const [column, key] of Object.entries(keys)) {
      const ascending = ascendingIds(rows, key);
      expect(await allPageIds(asAdmin, `/api/admin/lakshya-students?name=zqls&sort=${column}`, 'students'), column).toEqual(ascending);
      expect(await allPageIds(asAdmin, `/api/admin/lakshya-students?name=zqls&sort=-${column}`, 'students'), `-${column}`).toEqual([...ascending].reverse());
    }
    // Left out: the newest first.
    expect(await allPageIds(asAdmin, '/api/admin/lakshya-students?name=zqls', 'students')).toEqual([...ascendingIds(rows, keys.createdAt)].reverse());

    const exported = async (sort: string) => {
      const answer = await asAdmin('GET', `/api/admin/lakshya-students/export.csv?name=zqls&sort=${sort}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.body
        .split('\n')
        .slice(1)
        .filter((line) => line.trim() !== '')
        .map((line) =>
          line
            .replace(/^\uFEFF/, '')
            .split(',')[0]!
            .replace(/"/g, ''),
        );
    };
    expect(await exported('phoneNumber')).toEqual(ascendingIds(rows, keys.phoneNumber));
    expect(await exported('-expiryDate')).toEqual([...ascendingIds(rows, keys.expiryDate)].reverse());
  });

  it('refuses a column it does not sort by, naming sort, in the list and its export', async () => {
    await expectSortRefused(asAdmin, '/api/admin/lakshya-students?sort=registration');
    await expectSortRefused(asAdmin, '/api/admin/lakshya-students?sort=-id');
    await expectSortRefused(asAdmin, '/api/admin/lakshya-students/export.csv?sort=name,id');
  });
});
