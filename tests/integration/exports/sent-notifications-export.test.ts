import { beforeAll, describe, expect, it } from 'vitest';
import { csvTable, xlsxTable } from '../../support/export-files.ts';
import { createCourse } from '../../support/factories/course.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'manager'] });
const asAdmin = harness.injectAs('admin');
const asManager = harness.injectAs('manager');

beforeAll(async () => {
  const courseId = await createCourse(harness.db, { title: 'ബിരുദതല പരീക്ഷ' });
  const base = Date.parse('2026-11-24T18:00:00Z');
  const targets = [
    { target_type: 'specific-user' as const, target_phone: '9847000001' },
    { target_type: 'everyone' as const },
    { target_type: 'group' as const, group_targets: ['lakshya-students', 'purchased-users'] },
    { target_type: 'course' as const, target_course_id: courseId },
  ];
  for (let i = 0; i < 6; i += 1) {
    await harness.db
      .insertInto('push_notifications')
      .values({
        title: i === 0 ? '@SUM(A1)' : `പുതിയ ക്ലാസ് ${i}`,
        body: `Body, "${i}"`,
        data: {},
        targeted: 10 + i,
        delivered: 8,
        gone: 1,
        failed: i,
        created_at: new Date(base + i * 60_000),
        completed_at: i % 2 === 0 ? new Date(base + i * 60_000 + 30_000) : null,
        ...targets[i % targets.length]!,
      })
      .execute();
  }
});

async function listedIds(limit: number): Promise<string[]> {
  const answer = await asAdmin('GET', `/api/admin/notifications/sent?limit=${limit}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as Array<{ _id: string }>).map((notification) => notification._id);
}

describe('sent notifications export', () => {
  it.each([
    ['limit=2', 2],
    ['limit=5', 5],
    ['', 200],
  ] as const)('answers as CSV the notifications the list shows with "%s", in its order', async (filters, limit) => {
    const table = csvTable(await asAdmin('GET', `/api/admin/notifications/sent/export.csv?${filters}`), 'sent-notifications');
    const listed = await listedIds(limit);
    expect(listed).toHaveLength(Math.min(limit, 6));
    expect(table.columnOf('Notification id')).toEqual(listed);
  });

  it('writes whom each went to, its counts and times in India time; Malayalam kept, formulas neutralised', async () => {
    const table = csvTable(await asAdmin('GET', '/api/admin/notifications/sent/export.csv'), 'sent-notifications');
    const [sixth, fifth, fourth, third, second, first] = table.rows;
    expect(table.column(first!, 'Title')).toBe(`'@SUM(A1)`);
    expect(table.column(first!, 'Body')).toBe('Body, "0"');
    expect(table.column(first!, 'To')).toBe('Specific user');
    expect(table.column(first!, 'Target')).toBe('9847000001');
    expect(table.column(first!, 'Sent at (India time)')).toBe('2026-11-24 23:30:00');
    expect(table.column(first!, 'Completed at (India time)')).toBe('2026-11-24 23:30:30');
    expect(table.column(second!, 'To')).toBe('Everyone');
    expect(table.column(second!, 'Target')).toBe('');
    expect(table.column(second!, 'Completed at (India time)')).toBe('');
    expect(table.column(third!, 'Target')).toBe('lakshya-students, purchased-users');
    expect(table.column(fourth!, 'To')).toBe('Students of a course');
    expect(table.column(fourth!, 'Target')).toBe('ബിരുദതല പരീക്ഷ');
    expect(table.column(fifth!, 'Title')).toBe('പുതിയ ക്ലാസ് 4');
    expect(['Targeted', 'Delivered', 'Gone', 'Failed', 'Pending'].map((header) => table.column(sixth!, header))).toEqual(['15', '8', '1', '5', '0']);
  });

  it('answers an XLSX that exceljs opens, with the rows the list shows', async () => {
    const table = await xlsxTable(await asAdmin('GET', '/api/admin/notifications/sent/export.xlsx?limit=3'), 'Sent notifications');
    expect(table.columnOf('Notification id')).toEqual(await listedIds(3));
    expect(table.columnOf('Targeted')).toEqual([15, 14, 13]);
  });

  it('names a wrong limit with 400, and refuses a role without the Notifications screen with 403', async () => {
    const wrong = await asAdmin('GET', '/api/admin/notifications/sent/export.csv?limit=0');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('limit is a whole number from 1 to 200');
    for (const format of ['csv', 'xlsx']) {
      const refused = await asManager('GET', `/api/admin/notifications/sent/export.${format}`);
      expect(refused.statusCode).toBe(403);
    }
  });
});
