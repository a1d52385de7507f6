import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { multipartBody, TINY_PDF, TINY_PNG } from '../../support/multipart.ts';
import { useApp, type SignedInRole } from '../../support/app-harness.ts';

const BASE = '/api/admin/assets/process/video';
const harness = useApp({ roles: ['admin', 'staff', 'manager', 'marketing'] });
const asAdmin = harness.injectAs('admin');
beforeEach(async () => {
  await harness.db.deleteFrom('queue_items').execute();
  await harness.db.deleteFrom('lectures').execute();
  await harness.db.deleteFrom('assets').execute();
  await sql`delete from graphile_worker._private_jobs`.execute(harness.db);
  await harness.db.updateTable('queue_settings').set({ state: 'RUNNING' }).execute();
});

/** The queue's actions are bodiless POSTs sent as JSON. */
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, role: SignedInRole = 'admin') =>
  method === 'POST' ? harness.injectAs(role)(method, url, {}, { 'content-type': 'application/json' }) : harness.injectAs(role)(method, url);

async function uploadPdf(name = 'notes.pdf'): Promise<string> {
  const body = multipartBody([{ fileName: name, content: TINY_PDF }]);
  const response = await asAdmin('POST', '/api/assets/private', body.payload, body.headers);
  return response.json()[0]._id;
}

async function mediaJobs(): Promise<Array<{ key: string; priority: number; locked_at: Date | null }>> {
  const { rows } = await sql<{ key: string; priority: number; locked_at: Date | null }>`
    select key, priority, locked_at from graphile_worker.jobs where task_identifier = 'process-media' order by priority, id`.execute(harness.db);
  return rows;
}

describe('the global queue state', () => {
  it('is RUNNING at first, lives in the database, and start/end switch it', async () => {
    expect((await call('GET', `${BASE}/queue/state`)).json()).toEqual({ state: 'RUNNING' });
    expect((await call('POST', `${BASE}/trigger/end`)).json()).toEqual({ state: 'STOPPED' });
    expect((await harness.db.selectFrom('queue_settings').select('state').executeTakeFirstOrThrow()).state).toBe('STOPPED');
    expect((await call('GET', `${BASE}/queue/items`)).json()).toEqual({ items: [], state: 'STOPPED', total: 0, page: 1, pageSize: 10 });
    expect((await call('POST', `${BASE}/trigger/start`)).json()).toEqual({ state: 'RUNNING' });
  });
});

describe('adding files', () => {
  it('triggers one file at the front of the queue with a job, and answers its item', async () => {
    const pulledId = await uploadPdf('pulled.pdf');
    await call('GET', `${BASE}/queue/pull/pdf?count=10`);
    const id = await uploadPdf('urgent.pdf');
    const response = await call('POST', `${BASE}/trigger/${id}?title=Chapter%201&type=pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fileId: id, title: 'Chapter 1', type: 'pdf', state: 'queued' });
    const jobs = await mediaJobs();
    expect(jobs.map((j) => [j.key, j.priority])).toEqual([
      [`process-media:${id}`, 0],
      [`process-media:${pulledId}`, 2],
    ]);
    const item = await call('GET', `${BASE}/queue-items/${id}`);
    expect(item.json()).toMatchObject({ fileId: id, state: 'queued' });
  });

  it('queues files without a job while stopped, and start gives them jobs', async () => {
    await call('POST', `${BASE}/trigger/end`);
    const id = await uploadPdf();
    await call('POST', `${BASE}/trigger/${id}`);
    expect(await mediaJobs()).toEqual([]);
    await call('POST', `${BASE}/trigger/start`);
    expect((await mediaJobs()).map((j) => j.key)).toEqual([`process-media:${id}`]);
  });

  it('stop removes the jobs nobody started and leaves the one in progress', async () => {
    const waiting = await uploadPdf('waiting.pdf');
    const running = await uploadPdf('running.pdf');
    await call('POST', `${BASE}/trigger/${waiting}`);
    await call('POST', `${BASE}/trigger/${running}`);
    // A worker has taken this one.
    await sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'some-worker' where key = ${`process-media:${running}`}`.execute(
      harness.db,
    );
    await call('POST', `${BASE}/trigger/end`);
    expect((await mediaJobs()).map((j) => j.key)).toEqual([`process-media:${running}`]);
    const items = (await call('GET', `${BASE}/queue/items`)).json().items;
    expect(items.find((i: { fileId: string }) => i.fileId === waiting).state).toBe('queued');
  });

  it('pulls up to count files that need processing, and with force also those done', async () => {
    const ids = [await uploadPdf('a.pdf'), await uploadPdf('b.pdf'), await uploadPdf('c.pdf')];
    await harness.db.updateTable('assets').set({ has_converted_to_image: true, state: 'ready' }).where('id', '=', ids[2]!).execute();
    const first = await call('GET', `${BASE}/queue/pull/pdf?count=1`);
    expect(first.json().pulled).toBe(1);
    expect(first.json().items[0].fileId).toBe(ids[0]);
    const rest = await call('GET', `${BASE}/queue/pull/pdf?count=10`);
    expect(rest.json().items.map((i: { fileId: string }) => i.fileId)).toEqual([ids[1]]);
    const forced = await call('GET', `${BASE}/queue/pull/pdf?count=10&force=true`);
    expect(forced.json().items.map((i: { fileId: string }) => i.fileId)).toEqual([ids[2]]);
    expect((await call('GET', `${BASE}/queue/pull?count=10`)).json()).toEqual({ pulled: 0, items: [] });
    expect((await call('GET', `${BASE}/queue/pull/pdf?count=0`)).json().message).toBe('Count should be more than 0');
  });

  it('refuses a file that is not a video or PDF', async () => {
    const body = multipartBody([{ fileName: 'cover.png', content: TINY_PNG }]);
    const id = (await asAdmin('POST', '/api/assets/public', body.payload, body.headers)).json()[0]._id;
    const response = await call('POST', `${BASE}/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Only videos and PDFs are processed');
  });

  it('queues a PDF for page images through POST /api/admin/pdfimg', async () => {
    const id = await uploadPdf();
    const response = await asAdmin('POST', '/api/admin/pdfimg', { resId: 'note-1', pdfUri: `/api/assets/${id}` });
    expect(response.json()).toMatchObject({ fileId: id, type: 'pdf', state: 'queued' });
  });
});

describe('removing an item', () => {
  it('deletes the item and its outputs and keeps the file; refused while it is processed', async () => {
    const id = await uploadPdf();
    await call('POST', `${BASE}/trigger/${id}`);
    await harness.db.updateTable('queue_items').set({ state: 'processing' }).where('asset_id', '=', id).execute();
    const busy = await call('DELETE', `${BASE}/queueAndS3/items/${id}`);
    expect(busy.statusCode).toBe(409);
    await harness.db.updateTable('queue_items').set({ state: 'failed' }).where('asset_id', '=', id).execute();
    const removed = await call('DELETE', `${BASE}/queueAndS3/items/${id}`);
    expect(removed.json()).toEqual({ status: 'deleted', unpublished: [] });
    expect((await call('GET', `${BASE}/queue-items/${id}`)).statusCode).toBe(404);
    expect((await harness.db.selectFrom('assets').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('uploaded');
    expect(await mediaJobs()).toEqual([]);
  });

  it('forgets every output of the file, the size and length of a video included', async () => {
    const id = await uploadPdf();
    await call('POST', `${BASE}/trigger/${id}`);
    // As a finished run leaves a file (the columns a video's run fills, on this test's file).
    await harness.db
      .updateTable('assets')
      .set({
        state: 'ready',
        output_prefix: `assets/${id}/out/v1/`,
        poster_key: `assets/${id}/out/v1/hls/poster.jpg`,
        renditions: JSON.stringify([{ name: '360p', height: 360 }]),
        duration_seconds: 125,
        width: 1280,
        height: 720,
        has_converted_to_image: true,
        page_count: 12,
        process_progress: JSON.stringify({ ready: { total: 1, loaded: 1 } }),
      })
      .where('id', '=', id)
      .execute();
    await harness.db.updateTable('queue_items').set({ state: 'ready' }).where('asset_id', '=', id).execute();
    expect((await call('DELETE', `${BASE}/queueAndS3/items/${id}`)).json()).toEqual({ status: 'deleted', unpublished: [] });
    const asset = await harness.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(asset).toMatchObject({
      state: 'uploaded',
      output_prefix: null,
      poster_key: null,
      renditions: [],
      duration_seconds: null,
      width: null,
      height: null,
      has_converted_to_image: false,
      page_count: null,
      process_progress: {},
      failure_reason: null,
    });
  });
});

describe('roles', () => {
  it('lets staff refresh, start and stop but not pull or delete; hides the queue from marketing', async () => {
    const id = await uploadPdf();
    expect((await call('GET', `${BASE}/queue/items`, 'staff')).statusCode).toBe(200);
    expect((await call('POST', `${BASE}/trigger/end`, 'staff')).statusCode).toBe(200);
    expect((await call('POST', `${BASE}/trigger/start`, 'staff')).statusCode).toBe(200);
    const pull = await call('GET', `${BASE}/queue/pull?count=3`, 'staff');
    expect(pull.statusCode).toBe(403);
    expect(pull.json().message).toBe('Your role does not allow this action');
    expect((await call('DELETE', `${BASE}/queueAndS3/items/${id}`, 'staff')).statusCode).toBe(403);
    const impact = await harness.injectAs('staff')('GET', `/trpc/queue.removalImpact?input=${encodeURIComponent(JSON.stringify({ fileId: id }))}`);
    expect(impact.statusCode).toBe(403);
    expect((await call('GET', `${BASE}/queue/pull?count=3`, 'manager')).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/queue/items`, 'marketing')).statusCode).toBe(403);
  });

  it('refuses a cross-site pull', async () => {
    const response = await asAdmin('GET', `${BASE}/queue/pull?count=3`, undefined, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
  });
});
