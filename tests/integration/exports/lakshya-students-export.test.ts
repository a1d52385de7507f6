import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'staff'] });
const asAdmin = harness.injectAs('admin');
const asStaff = harness.injectAs('staff');

beforeAll(async () => {
  const base = Date.parse('2026-11-01T00:00:00Z');
  for (let i = 0; i < 9; i += 1) {
    await harness.db
      .insertInto('lakshya_students')
      .values({
        name: i === 0 ? '=cmd|calc' : i % 2 === 0 ? `ലക്ഷ്യ Student ${i}` : `Other ${i}`,
        phone_number: String(9_800_000_000 + i),
        expiry_date: i % 3 === 0 ? '2027-03-31' : null,
        created_at: new Date(base + i * 3_600_000),
      })
      .execute();
  }
  // Students 2 and 4 have an account with their number.
  await createUser(harness.db, { email: 'two@example.com', name: 'Account Two', phone: '9800000002' });
  await createUser(harness.db, { email: 'four@example.com', name: 'Account Four', phone: '9800000004' });
});

/** Every page of the list with these filters, as its ids. */
async function listedIds(filters: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await asAdmin('GET', `/api/admin/lakshya-students?${filters}&page=${page}&pageSize=2`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { students } = answer.json() as { students: Array<{ _id: string }> };
    ids.push(...students.map((student) => student._id));
    if (students.length < 2) return ids;
  }
}

async function csvRows(filters: string): Promise<{ heading: string[]; rows: string[][] }> {
  const answer = await asAdmin('GET', `/api/admin/lakshya-students/export.csv?${filters}`);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="lakshya-students-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect([...answer.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [heading, ...rows] = parse(answer.rawPayload, { bom: true }) as string[][];
  return { heading: heading!, rows };
}

describe('special students export', () => {
  it.each(['', 'name=student', 'registered=yes', 'registered=no&phoneNumber=98000000'])(
    'answers as CSV the students the list shows with "%s", in its order',
    async (filters) => {
      const { heading, rows } = await csvRows(filters);
      const listed = await listedIds(filters);
      expect(listed.length).toBeGreaterThan(0);
      expect(rows.map((row) => row[heading.indexOf('Student id')])).toEqual(listed);
    },
  );

  it('writes registration, the account, the expiry date and the time added in India time; Malayalam kept, formulas neutralised', async () => {
    const { heading, rows } = await csvRows('');
    const byPhone = new Map(rows.map((row) => [row[heading.indexOf('Phone number')], row]));
    const four = byPhone.get('9800000004')!;
    expect(four[heading.indexOf('Name')]).toBe('ലക്ഷ്യ Student 4');
    expect(four[heading.indexOf('Registered')]).toBe('yes');
    expect(four[heading.indexOf('Account name')]).toBe('Account Four');
    expect(four[heading.indexOf('Added at (India time)')]).toBe('2026-11-01 09:30:00');
    const three = byPhone.get('9800000003')!;
    expect(three[heading.indexOf('Registered')]).toBe('no');
    expect(three[heading.indexOf('Expiry date')]).toBe('2027-03-31');
    expect(byPhone.get('9800000000')![heading.indexOf('Name')]).toBe(`'=cmd|calc`);
  });

  it('answers an XLSX that exceljs opens, with the rows the filters show', async () => {
    const filters = 'registered=yes';
    const answer = await asAdmin('GET', `/api/admin/lakshya-students/export.xlsx?${filters}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Lakshya students')!;
    const heading = (sheet.getRow(1).values as unknown[]).slice(1);
    const ids: unknown[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) ids.push((row.values as unknown[]).slice(1)[heading.indexOf('Student id')]);
    });
    expect(ids).toEqual(await listedIds(filters));
    expect(ids).toHaveLength(2);
  });

  it('names a wrong filter with 400, and refuses a role without the Lakshya Students screen with 403', async () => {
    const wrong = await asAdmin('GET', '/api/admin/lakshya-students/export.csv?registered=maybe');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('registered is yes or no');
    for (const format of ['csv', 'xlsx']) {
      const refused = await asStaff('GET', `/api/admin/lakshya-students/export.${format}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});
