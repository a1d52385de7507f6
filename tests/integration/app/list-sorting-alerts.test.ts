import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { allPageIds, ascendingIds, expectSortRefused } from '../../support/sorted-pages.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

describe('sorting the alerts list', () => {
  it('sorts by when raised and when read, both ways, ties broken by the id, every page complete and without repeats', async () => {
    // Equal times and unread alerts: the id decides the ties.
    const spec = [
      { at: '2026-11-02T10:00:00Z', readAt: null },
      { at: '2026-11-01T10:00:00Z', readAt: '2026-11-05T10:00:00Z' },
      { at: '2026-11-02T10:00:00Z', readAt: '2026-11-04T10:00:00Z' },
      { at: '2026-11-03T10:00:00Z', readAt: null },
      { at: '2026-11-04T10:00:00Z', readAt: '2026-11-04T10:00:00Z' },
    ];
    const rows: Array<(typeof spec)[number] & { id: string }> = [];
    for (const [index, alert] of spec.entries()) {
      const { id } = await harness.db
        .insertInto('admin_alerts')
        .values({ message: `Zqal alert ${index}`, created_at: new Date(alert.at), read_at: alert.readAt === null ? null : new Date(alert.readAt) })
        .returning('id')
        .executeTakeFirstOrThrow();
      rows.push({ ...alert, id });
    }
    type Row = (typeof rows)[number];
    const keys = { createdAt: (row: Row) => row.at, hasRead: (row: Row) => row.readAt };
    for (const [column, key] of Object.entries(keys)) {
      const ascending = ascendingIds(rows, key);
      expect(await allPageIds(asAdmin, `/api/admin/notifications?search=zqal&sort=${column}`, 'alerts'), column).toEqual(ascending);
      expect(await allPageIds(asAdmin, `/api/admin/notifications?search=zqal&sort=-${column}`, 'alerts'), `-${column}`).toEqual([...ascending].reverse());
    }
    // Left out: the newest first.
    expect(await allPageIds(asAdmin, '/api/admin/notifications?search=zqal', 'alerts')).toEqual([...ascendingIds(rows, keys.createdAt)].reverse());
  });

  it('refuses a column it does not sort by, naming sort', async () => {
    await expectSortRefused(asAdmin, '/api/admin/notifications?sort=message');
    await expectSortRefused(asAdmin, '/api/admin/notifications?sort=-readAt');
  });
});
