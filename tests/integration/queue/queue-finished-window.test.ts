import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FINISHED_SHOWN_FOR_HOURS } from '../../../shared/queue/queue-list.schema.ts';
import { useApp } from '../../support/app-harness.ts';
import { createAsset } from '../../support/factories/asset.ts';
import { useStoppedQueue } from '../../support/stopped-queue.ts';

const BASE = '/api/admin/assets/process/video';
const harness = useApp();
const asAdmin = harness.injectAs('admin');

useStoppedQueue(harness, ['assets']);

type Seeded = { assetId: string; name: string };

/** A file and its queue item in a state, created `createdHoursAgo` ago and (when ready) finished `finishedHoursAgo` ago. */
async function seedItem(name: string, state: string, options: { createdHoursAgo?: number; finishedHoursAgo?: number } = {}): Promise<Seeded> {
  const created = sql<Date>`now() - make_interval(secs => ${(options.createdHoursAgo ?? 0) * 3600})`;
  const asset = { id: await createAsset(harness.db, { file_name: name, created_at: created }) };
  await harness.db
    .insertInto('queue_items')
    .values({
      asset_id: asset.id,
      title: name,
      type: 'video',
      state: state as 'ready',
      created_at: created,
      last_state_updated_on: created,
      finished_at: options.finishedHoursAgo === undefined ? null : sql<Date>`now() - make_interval(secs => ${options.finishedHoursAgo * 3600})`,
    })
    .execute();
  return { assetId: asset.id, name };
}

async function list(
  query = '',
): Promise<{ items: Array<{ fileId: string; title: string; state: string }>; total: number; page: number; pageSize: number; state: string }> {
  const response = await asAdmin('GET', `${BASE}/queue/items${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the queue lists finished items for a day', () => {
  it('leaves out of the default view what finished over a day ago, and the Finished and All views show it', async () => {
    const old = await seedItem('finished-two-days-ago.mp4', 'ready', { createdHoursAgo: 50, finishedHoursAgo: 48 });
    const recent = await seedItem('finished-an-hour-ago.mp4', 'ready', { createdHoursAgo: 2, finishedHoursAgo: 1 });
    const failed = await seedItem('failed-long-ago.mp4', 'failed', { createdHoursAgo: 100 });
    const waiting = await seedItem('waiting.mp4', 'queued');
    const working = await seedItem('working.mp4', 'processing', { createdHoursAgo: 1 });

    const current = await list();
    expect(current.items.map((item) => item.title)).toEqual([waiting.name, working.name, recent.name, failed.name]);
    expect(current).toMatchObject({ total: 4, page: 1, pageSize: 10, state: 'STOPPED' });

    expect((await list('?status=finished')).items.map((item) => item.title)).toEqual([recent.name, old.name]);
    expect((await list('?status=all')).total).toBe(5);
    expect((await list('?status=waiting')).items.map((item) => item.title)).toEqual([waiting.name]);
    expect((await list('?status=processing')).items.map((item) => item.title)).toEqual([working.name]);
    expect((await list('?status=failed')).items.map((item) => item.title)).toEqual([failed.name]);
    // The single item read still answers for an old finished item.
    const one = await asAdmin('GET', `${BASE}/queue-items/${old.assetId}`);
    expect(one.json()).toMatchObject({ fileId: old.assetId, state: 'ready' });
  });

  it(`keeps an item finished just under ${FINISHED_SHOWN_FOR_HOURS} hours ago and drops one just over`, async () => {
    await seedItem('inside.mp4', 'ready', { createdHoursAgo: 30, finishedHoursAgo: FINISHED_SHOWN_FOR_HOURS - 0.05 });
    await seedItem('outside.mp4', 'ready', { createdHoursAgo: 30, finishedHoursAgo: FINISHED_SHOWN_FOR_HOURS + 0.05 });
    expect((await list()).items.map((item) => item.title)).toEqual(['inside.mp4']);
  });

  it('counts from when the item finished, not when it was created, and a file queued again comes back', async () => {
    const item = await seedItem('old-upload.mp4', 'ready', { createdHoursAgo: 500, finishedHoursAgo: 2 });
    expect((await list()).items.map((row) => row.title)).toEqual(['old-upload.mp4']);
    await harness.db
      .updateTable('queue_items')
      .set({ finished_at: sql<Date>`now() - interval '3 days'` })
      .execute();
    expect((await list()).total).toBe(0);
    const again = await asAdmin('POST', `${BASE}/trigger/${item.assetId}`, {}, { 'content-type': 'application/json' });
    expect(again.json()).toMatchObject({ state: 'queued' });
    const row = await harness.db.selectFrom('queue_items').select(['state', 'finished_at']).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'queued', finished_at: null });
    expect((await list()).items.map((row) => row.title)).toEqual(['old-upload.mp4']);
  });

  it('pages on the server: page 2 holds the next items, newest first', async () => {
    for (let i = 0; i < 12; i++) await seedItem(`file-${String(i).padStart(2, '0')}.mp4`, 'queued', { createdHoursAgo: i });
    const first = await list('?pageSize=5');
    const second = await list('?pageSize=5&page=2');
    const third = await list('?pageSize=5&page=3');
    expect(first.items.map((item) => item.title)).toEqual(['file-00.mp4', 'file-01.mp4', 'file-02.mp4', 'file-03.mp4', 'file-04.mp4']);
    expect(second.items.map((item) => item.title)).toEqual(['file-05.mp4', 'file-06.mp4', 'file-07.mp4', 'file-08.mp4', 'file-09.mp4']);
    expect(third.items.map((item) => item.title)).toEqual(['file-10.mp4', 'file-11.mp4']);
    expect(third.total).toBe(12);
  });

  it('refuses a bad filter or page naming the field, and the console procedure takes the same input', async () => {
    for (const [query, message] of [
      ['?status=old', 'status is one of current, waiting, processing, failed, finished, all'],
      ['?page=0', 'page is a whole number from 1'],
      ['?page=abc', 'page is a whole number from 1'],
      ['?pageSize=500', 'pageSize is a whole number from 1 to 100'],
    ]) {
      const response = await asAdmin('GET', `${BASE}/queue/items${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(message);
    }
    const trpc = await asAdmin('GET', `/trpc/queue.list?input=${encodeURIComponent(JSON.stringify({ status: 'finished', page: 1, pageSize: 10 }))}`);
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(trpc.json().result.data).toMatchObject({ items: [], total: 0, page: 1, pageSize: 10 });
  });

  it('a worker finishing an item records when; starting it again forgets it', async () => {
    const { markItemReady } = await import('../../../server/queue/queue.repository.ts');
    const { setProcessState } = await import('../../../worker/media/processing-state.ts');
    const item = await seedItem('run.mp4', 'processing');
    await markItemReady(harness.db, item.assetId);
    const done = await harness.db.selectFrom('queue_items').select(['state', 'finished_at']).executeTakeFirstOrThrow();
    expect(done.state).toBe('ready');
    expect(Date.now() - done.finished_at!.getTime()).toBeLessThan(60_000);
    await setProcessState(harness.db, item.assetId, 'preparing');
    expect(await harness.db.selectFrom('queue_items').select(['state', 'finished_at']).executeTakeFirstOrThrow()).toEqual({
      state: 'preparing',
      finished_at: null,
    });
  });
});

describe('at 100,000 items', () => {
  it('reads each view from its indexes', { timeout: 180_000 }, async () => {
    // 100,000 items finished long ago, a few current ones.
    await sql`
      with files as (
        insert into assets (file_name, content_type, kind, access_mode, size_in_bytes, sha256, storage_key, created_at)
        select 'bulk-' || n || '.mp4', 'video/mp4', 'video', 'private', 10, 'x', 'assets/bulk-' || n, now() - make_interval(days => 3, secs => n)
        from generate_series(1, 100000) n
        returning id, created_at
      )
      insert into queue_items (asset_id, title, type, state, created_at, last_state_updated_on, finished_at)
      select id, 'bulk', 'video', 'ready', created_at, created_at, created_at from files`.execute(harness.db);
    for (let i = 0; i < 3; i++) await seedItem(`current-${i}.mp4`, 'queued');
    await sql`analyze queue_items`.execute(harness.db);

    for (const [query, total] of [
      ['', 3],
      ['?status=finished', 100_000],
      ['?status=all', 100_003],
      ['?status=waiting', 3],
      ['?status=finished&page=5000', 100_000],
    ] as const) {
      const page = await list(query);
      expect(page.total, query).toBe(total);
      expect(page.items.length, query).toBeGreaterThan(0);
    }
    // The default view never reads the finished items of all time.
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      explain select q.id from queue_items q
      where q.state in ('queued', 'preparing', 'downloading', 'processing', 'post-processing', 'uploading', 'failed')
         or (q.state = 'ready' and q.finished_at >= now() - interval '1 day')
      order by q.created_at desc, q.id limit 10`.execute(harness.db);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).not.toMatch(/Seq Scan on queue_items/);
  });
});
