import { beforeAll, describe, expect, it } from 'vitest';
import { csvTable, xlsxTable } from '../../support/export-files.ts';
import { createCourse } from '../../support/factories/course.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'staff'] });
const asAdmin = harness.injectAs('admin');
const asStaff = harness.injectAs('staff');

beforeAll(async () => {
  const courseId = await createCourse(harness.db, { title: 'ബിരുദതല പരീക്ഷ' });
  const base = Date.parse('2026-11-01T00:00:00Z');
  for (let i = 0; i < 5; i += 1) {
    const coupon = await harness.db
      .insertInto('coupons')
      .values({
        code: i === 0 ? '-SAVE10' : `ONAM${i}`,
        discount_type: i % 2 === 0 ? 'rate' : 'amount',
        value_hundredths: i % 2 === 0 ? 1250 : 49_999,
        min_order_paise: i === 1 ? 100_001 : null,
        is_active: i % 2 === 0,
        impressions: 10 * i,
        redemptions: i,
        uses: i,
        usage_limit: i === 2 ? 50 : null,
        per_student_limit: i === 2 ? 1 : null,
        valid_from: i === 2 ? new Date('2026-12-01T03:30:00Z') : null,
        valid_until: i === 2 ? new Date('2026-12-31T18:29:59Z') : null,
        created_at: new Date(base + i * 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (i === 2) {
      await harness.db
        .insertInto('coupon_scopes')
        .values([
          { coupon_id: coupon.id, target_type: 'course', target_id: courseId },
          { coupon_id: coupon.id, target_type: 'exam', target_id: '00000000-0000-4000-8000-000000000001' },
        ])
        .execute();
    }
  }
});

async function listedIds(): Promise<string[]> {
  const answer = await asAdmin('GET', '/v2/coupons');
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as Array<{ _id: string }>).map((coupon) => coupon._id);
}

describe('coupons export', () => {
  it('answers as CSV every coupon the list shows, in its order, with the table columns', async () => {
    const table = csvTable(await asAdmin('GET', '/api/admin/coupons/export.csv'), 'coupons');
    const listed = await listedIds();
    expect(listed).toHaveLength(5);
    expect(table.columnOf('Coupon id')).toEqual(listed);
    const byCode = new Map(table.rows.map((row) => [table.column(row, 'Coupon code'), row]));
    expect(byCode.has(`'-SAVE10`)).toBe(true);
    const one = byCode.get('ONAM1')!;
    expect(table.column(one, 'Type')).toBe('By Amount (INR)');
    expect(table.column(one, 'Amount (₹)')).toBe('499.99');
    expect(table.column(one, 'Rate (%)')).toBe('');
    expect(table.column(one, 'Min. order (₹, empty: no minimum)')).toBe('1000.01');
    expect(table.column(one, 'Applies to')).toBe('All');
    expect(table.column(one, 'Is active')).toBe('no');
    const two = byCode.get('ONAM2')!;
    expect(table.column(two, 'Type')).toBe('By Rate (%)');
    expect(table.column(two, 'Rate (%)')).toBe('12.50');
    expect(table.column(two, 'Min. order (₹, empty: no minimum)')).toBe('');
    expect(table.column(two, 'Impressions')).toBe('20');
    expect(table.column(two, 'Uses')).toBe('2');
    expect(table.column(two, 'Usage limit (empty: none)')).toBe('50');
    expect(table.column(two, 'Per student (empty: no limit)')).toBe('1');
    expect(table.column(two, 'Valid from (India time)')).toBe('2026-12-01 09:00:00');
    expect(table.column(two, 'Valid until (India time)')).toBe('2026-12-31 23:59:59');
    expect(table.column(two, 'Applies to')).toBe('Course: ബിരുദതല പരീക്ഷ; Exam: deleted since');
    expect(table.column(two, 'Created at (India time)')).toBe('2026-11-01 07:30:00');
  });

  it('answers an XLSX that exceljs opens, money and rates as numbers', async () => {
    const table = await xlsxTable(await asAdmin('GET', '/api/admin/coupons/export.xlsx'), 'Coupons');
    expect(table.columnOf('Coupon id')).toEqual(await listedIds());
    expect(table.columnOf('Amount (₹)').filter((cell) => cell !== undefined)).toEqual([499.99, 499.99]);
    expect(table.columnOf('Rate (%)').filter((cell) => cell !== undefined)).toEqual([12.5, 12.5, 12.5]);
  });

  it('refuses a role without the Coupons screen with 403', async () => {
    for (const format of ['csv', 'xlsx']) {
      const refused = await asStaff('GET', `/api/admin/coupons/export.${format}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});
