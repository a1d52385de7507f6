import { beforeAll, describe, expect, it } from 'vitest';
import { raiseAlert } from '../../../server/alerts/alerts.service.ts';
import { csvTable, xlsxTable } from '../../support/export-files.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'manager'] });
const asAdmin = harness.injectAs('admin');
const asManager = harness.injectAs('manager');

beforeAll(async () => {
  const base = Date.parse('2026-11-24T18:00:00Z');
  for (let i = 0; i < 7; i += 1) {
    const message = i === 0 ? '=HYPERLINK("x")' : i % 2 === 0 ? `അനു commented on lecture ${i}` : `Upload ${i} failed`;
    await raiseAlert(harness.db, { message, resourceType: 'lecture', resourceId: `l${i}` });
    await harness.db
      .updateTable('admin_alerts')
      .set({ created_at: new Date(base + i * 20 * 60_000), read_at: i % 3 === 0 ? new Date(base + i * 20 * 60_000 + 60_000) : null })
      .where('message', '=', message)
      .execute();
  }
});

/** Every page of the list with these filters, as its ids. */
async function listedIds(filters: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await asAdmin('GET', `/api/admin/notifications?${filters}&page=${page}&pageSize=2`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { alerts } = answer.json() as { alerts: Array<{ _id: string }> };
    ids.push(...alerts.map((alert) => alert._id));
    if (alerts.length < 2) return ids;
  }
}

describe('alerts export', () => {
  it.each(['', 'search=commented', 'hasRead=no', 'createdOn=2026-11-25&hasRead=yes'])(
    'answers as CSV the alerts the list shows with "%s", in its order',
    async (filters) => {
      const table = csvTable(await asAdmin('GET', `/api/admin/notifications/export.csv?${filters}`), 'alerts');
      const listed = await listedIds(filters);
      expect(listed.length).toBeGreaterThan(0);
      expect(table.columnOf('Alert id')).toEqual(listed);
    },
  );

  it('writes times in India time, whether read, Malayalam kept and formulas neutralised', async () => {
    const table = csvTable(await asAdmin('GET', '/api/admin/notifications/export.csv'), 'alerts');
    const byAbout = new Map(table.rows.map((row) => [table.column(row, 'About id'), row]));
    const first = byAbout.get('l0')!;
    expect(table.column(first, 'Message')).toBe(`'=HYPERLINK("x")`);
    expect(table.column(first, 'Created on (India time)')).toBe('2026-11-24 23:30:00');
    expect(table.column(first, 'Has read')).toBe('yes');
    expect(table.column(first, 'Read at (India time)')).toBe('2026-11-24 23:31:00');
    const second = byAbout.get('l2')!;
    expect(table.column(second, 'Message')).toBe('അനു commented on lecture 2');
    expect(table.column(second, 'Has read')).toBe('no');
    expect(table.column(second, 'Read at (India time)')).toBe('');
    expect(table.column(second, 'About')).toBe('lecture');
  });

  it('answers an XLSX that exceljs opens, with the rows the filters show', async () => {
    const filters = 'createdOn=2026-11-25';
    const table = await xlsxTable(await asAdmin('GET', `/api/admin/notifications/export.xlsx?${filters}`), 'Alerts');
    const listed = await listedIds(filters);
    expect(listed).toHaveLength(5);
    expect(table.columnOf('Alert id')).toEqual(listed);
  });

  it('names a wrong filter with 400, and refuses a role without the Notifications screen with 403', async () => {
    const wrong = await asAdmin('GET', '/api/admin/notifications/export.csv?createdOn=25-11-2026');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('createdOn is a day written YYYY-MM-DD');
    for (const format of ['csv', 'xlsx']) {
      const refused = await asManager('GET', `/api/admin/notifications/export.${format}`);
      expect(refused.statusCode).toBe(403);
    }
  });
});
