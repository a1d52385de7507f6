import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { createAsset } from '../../support/factories/asset.ts';
import { allPageIds, ascendingIds, expectSortRefused } from '../../support/sorted-pages.ts';
import { useStoppedQueue } from '../../support/stopped-queue.ts';

const ITEMS = '/api/admin/assets/process/video/queue/items';
const harness = useApp();
const asAdmin = harness.injectAs('admin');

useStoppedQueue(harness, ['assets']);

describe('sorting the process queue', () => {
  it('sorts by type, status, last update and when queued, both ways, ties broken by the id, every page complete and without repeats', async () => {
    // Equal types, states and times: the id decides the ties.
    const spec = [
      { type: 'video', state: 'failed', updated: '2026-11-02T10:00:00Z', at: '2026-11-02T09:00:00Z' },
      { type: 'pdf', state: 'queued', updated: '2026-11-01T10:00:00Z', at: '2026-11-01T09:00:00Z' },
      { type: 'video', state: 'queued', updated: '2026-11-02T10:00:00Z', at: '2026-11-02T09:00:00Z' },
      { type: 'pdf', state: 'ready', updated: '2026-11-04T10:00:00Z', at: '2026-11-03T09:00:00Z' },
      { type: 'video', state: 'failed', updated: '2026-11-03T10:00:00Z', at: '2026-11-04T09:00:00Z' },
    ] as const;
    const rows: Array<(typeof spec)[number] & { id: string }> = [];
    for (const [index, item] of spec.entries()) {
      const assetId = await createAsset(harness.db, { file_name: `sorted-${index}.${item.type === 'pdf' ? 'pdf' : 'mp4'}` });
      const { id } = await harness.db
        .insertInto('queue_items')
        .values({
          asset_id: assetId,
          title: `sorted ${index}`,
          type: item.type,
          state: item.state,
          last_state_updated_on: new Date(item.updated),
          created_at: new Date(item.at),
          finished_at: item.state === 'ready' ? new Date(item.updated) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      rows.push({ ...item, id });
    }
    type Row = (typeof rows)[number];
    const keys = { type: (row: Row) => row.type, state: (row: Row) => row.state, updatedAt: (row: Row) => row.updated, createdAt: (row: Row) => row.at };
    for (const [column, key] of Object.entries(keys)) {
      const ascending = ascendingIds(rows, key);
      expect(await allPageIds(asAdmin, `${ITEMS}?status=all&sort=${column}`, 'items'), column).toEqual(ascending);
      expect(await allPageIds(asAdmin, `${ITEMS}?status=all&sort=-${column}`, 'items'), `-${column}`).toEqual([...ascending].reverse());
    }
    // Left out: the newest first.
    expect(await allPageIds(asAdmin, `${ITEMS}?status=all`, 'items')).toEqual([...ascendingIds(rows, keys.createdAt)].reverse());
  });

  it('refuses a column it does not sort by, naming sort', async () => {
    await expectSortRefused(asAdmin, `${ITEMS}?sort=fileId`);
    await expectSortRefused(asAdmin, `${ITEMS}?status=failed&sort=-progress`);
  });
});
