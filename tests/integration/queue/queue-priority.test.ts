import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, lastAuditSeq } from '../../support/audit-entries.ts';
import { multipartBody, TINY_PDF } from '../../support/multipart.ts';
import { useApp, type SignedInRole } from '../../support/app-harness.ts';

const BASE = '/api/admin/assets/process/video';
const harness = useApp({ roles: ['admin', 'staff', 'manager'] });
const asAdmin = harness.injectAs('admin');
beforeEach(async () => {
  await harness.db.deleteFrom('queue_items').execute();
  await harness.db.deleteFrom('lectures').execute();
  await harness.db.deleteFrom('assets').execute();
  await sql`delete from graphile_worker._private_jobs`.execute(harness.db);
  // Running, with no worker: each job waits as the test leaves it.
  await harness.db.updateTable('queue_settings').set({ state: 'RUNNING' }).execute();
});

const post = (url: string, body: object = {}, role: SignedInRole = 'admin') =>
  harness.injectAs(role)('POST', url, body, { 'content-type': 'application/json' });

async function uploadPdf(name: string): Promise<string> {
  const body = multipartBody([{ fileName: name, content: TINY_PDF }]);
  const response = await asAdmin('POST', '/api/assets/private', body.payload, body.headers);
  return response.json()[0]._id;
}

/** A file processed before: it has stored outputs. */
async function processedPdf(name: string): Promise<string> {
  const id = await uploadPdf(name);
  await harness.db
    .updateTable('assets')
    .set({ output_prefix: `assets/${id}/out/v1/`, has_converted_to_image: true, page_count: 1 })
    .where('id', '=', id)
    .execute();
  return id;
}

const itemOf = (id: string) => harness.db.selectFrom('queue_items').selectAll().where('asset_id', '=', id).executeTakeFirstOrThrow();
async function jobPriority(id: string): Promise<number | undefined> {
  const { rows } = await sql<{ priority: number }>`select priority from graphile_worker.jobs where key = ${`process-media:${id}`}`.execute(harness.db);
  return rows[0]?.priority;
}

describe('priority classes', () => {
  it('queues a first processing as a new upload and processing again as a re-process, each ordered by how it came in', async () => {
    const triggered = await uploadPdf('triggered.pdf');
    const fromEditor = await uploadPdf('editor.pdf');
    const pulled = await uploadPdf('pulled.pdf');
    const again = await processedPdf('again.pdf');
    expect((await post(`${BASE}/trigger/${triggered}`)).json()).toMatchObject({ priority: 0, priorityClass: 'upload' });
    expect((await post(`${BASE}/${fromEditor}`)).json()).toMatchObject({ priority: 1, priorityClass: 'upload' });
    expect((await asAdmin('GET', `${BASE}/queue/pull/pdf?count=1`)).json().items).toMatchObject([{ fileId: pulled, priority: 2, priorityClass: 'upload' }]);
    expect((await post(`${BASE}/trigger/${again}`)).json()).toMatchObject({ priority: 10, priorityClass: 'reprocess' });
    expect(await jobPriority(again)).toBe(10);

    // A failed first processing queued again is a re-process: it takes the new priority, not the old one.
    await harness.db.updateTable('queue_items').set({ state: 'failed' }).where('asset_id', '=', triggered).execute();
    expect((await post(`${BASE}/${triggered}`)).json()).toMatchObject({ priority: 11, priorityClass: 'reprocess', state: 'queued' });
    expect(await jobPriority(triggered)).toBe(11);

    // A forced pull of files already processed re-processes them.
    await harness.db.updateTable('queue_items').set({ state: 'ready' }).where('asset_id', '=', again).execute();
    const forced = (await asAdmin('GET', `${BASE}/queue/pull/pdf?count=10&force=true`)).json();
    expect(forced.items).toMatchObject([{ fileId: again, priority: 12, priorityClass: 'reprocess' }]);
  });

  it('lists each item with its class', async () => {
    const id = await processedPdf('listed.pdf');
    await post(`${BASE}/${id}`);
    const page = (await asAdmin('GET', `${BASE}/queue/items`)).json();
    expect(page.items).toMatchObject([{ fileId: id, priority: 11, priorityClass: 'reprocess' }]);
  });
});

describe('raising a waiting item', () => {
  it('moves it to the class above, then to the front, changing its job in the same step, with an audit entry', async () => {
    const id = await processedPdf('urgent.pdf');
    await harness.db.updateTable('queue_items').set({ priority: 22 }).where('asset_id', '=', id).execute();
    await post(`${BASE}/${id}`);
    expect((await itemOf(id)).priority).toBe(11);
    await harness.db.updateTable('queue_items').set({ priority: 22 }).where('asset_id', '=', id).execute();
    await sql`update graphile_worker._private_jobs set priority = 22 where key = ${`process-media:${id}`}`.execute(harness.db);
    const seq = await lastAuditSeq(harness.db);

    const next = await post(`${BASE}/queue-items/${id}/priority`, { to: 'next' });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ fileId: id, priority: 10, priorityClass: 'reprocess', state: 'queued' });
    expect(await jobPriority(id)).toBe(10);

    const top = await asAdmin('POST', `/trpc/queue.raise`, { fileId: id, to: 'top' }, { 'content-type': 'application/json' });
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json().result.data).toMatchObject({ priority: 0, priorityClass: 'upload' });
    expect(await jobPriority(id)).toBe(0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'process-media'`.execute(harness.db);
    expect(rows[0]!.n).toBe(1);

    const entries = await auditEntries(harness.db, { afterSeq: seq, resourceType: 'queue-item' });
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ['update', { priority: { from: 22, to: 10 } }],
      ['update', { priority: { from: 10, to: 0 } }],
    ]);

    const again = await post(`${BASE}/queue-items/${id}/priority`, { to: 'next' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This item is already first in line');
  });

  it('raises an item of a stopped queue without adding a job; start gives the job its new priority', async () => {
    await post(`${BASE}/trigger/end`);
    const id = await processedPdf('later.pdf');
    await post(`${BASE}/${id}`);
    expect((await post(`${BASE}/queue-items/${id}/priority`, { to: 'top' })).json()).toMatchObject({ priority: 0 });
    expect(await jobPriority(id)).toBeUndefined();
    await post(`${BASE}/trigger/start`);
    expect(await jobPriority(id)).toBe(0);
  });

  it('refuses other roles, an unknown file, an item not waiting, a job a worker has taken, and a bad target, changing nothing', async () => {
    const id = await processedPdf('guarded.pdf');
    await post(`${BASE}/${id}`);
    for (const role of ['staff', 'manager'] as const) {
      const refused = await post(`${BASE}/queue-items/${id}/priority`, { to: 'top' }, role);
      expect(refused.statusCode, role).toBe(403);
    }
    const trpcRefused = await harness.injectAs('manager')('POST', '/trpc/queue.raise', { fileId: id, to: 'top' }, { 'content-type': 'application/json' });
    expect(trpcRefused.statusCode).toBe(403);

    const unknown = await post(`${BASE}/queue-items/00000000-0000-4000-8000-000000000000/priority`, { to: 'top' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This item is not in the queue');

    const bad = await post(`${BASE}/queue-items/${id}/priority`, { to: 'first' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('to is one of next, top');

    await sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'w' where key = ${`process-media:${id}`}`.execute(harness.db);
    const taken = await post(`${BASE}/queue-items/${id}/priority`, { to: 'top' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A worker has started on this item');

    await harness.db.updateTable('queue_items').set({ state: 'processing' }).where('asset_id', '=', id).execute();
    const working = await post(`${BASE}/queue-items/${id}/priority`, { to: 'top' });
    expect(working.statusCode).toBe(409);
    expect(working.json().message).toBe('Only a waiting item can be moved up');
    expect((await itemOf(id)).priority).toBe(11);
    expect(await jobPriority(id)).toBe(11);
  });
});
