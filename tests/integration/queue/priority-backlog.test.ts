import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueForProcessing } from '../../../server/queue/queue.service.ts';
import { MEDIA_PRIORITY } from '../../../shared/queue/media-priority.ts';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { waitFor } from '../../support/mail-catcher.ts';
import { createMediaWorkspace, makeTestPdf, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { multipartBody } from '../../support/multipart.ts';
import { testConfig } from '../../support/test-app.ts';
import { startTestWorker } from '../../support/test-worker.ts';
import { useApp } from '../../support/app-harness.ts';

const BASE = '/api/admin/assets/process/video';
const harness = useApp();
const asAdmin = harness.injectAs('admin');
let files: MediaWorkspace;
let pdf: Buffer;
let worker: WorkerHandle | undefined;

beforeAll(async () => {
  files = await createMediaWorkspace();
  pdf = await readFile(await makeTestPdf(2, { dir: files.dir }));
  await harness.db.updateTable('queue_settings').set({ state: 'RUNNING' }).execute();
});
afterAll(async () => {
  await worker?.stop();
  await files?.remove();
});

async function upload(name: string): Promise<string> {
  const body = multipartBody([{ fileName: name, content: pdf }]);
  return (await asAdmin('POST', '/api/assets/private', body.payload, body.headers)).json()[0]._id;
}

/** A PDF processed before (it has stored pages), queued again from the editor: a re-process. */
async function queuedReprocess(name: string): Promise<string> {
  const id = await upload(name);
  await harness.db
    .updateTable('assets')
    .set({ output_prefix: `assets/${id}/out/v0/`, has_converted_to_image: true, page_count: 2 })
    .where('id', '=', id)
    .execute();
  expect((await asAdmin('POST', `${BASE}/${id}`, {}, { 'content-type': 'application/json' })).json().priorityClass).toBe('reprocess');
  return id;
}

/** Background reworking of a playable file: a media job at the backfill priority. */
async function queuedBackfill(name: string): Promise<string> {
  const id = await upload(name);
  await harness.db.transaction().execute((trx) => queueForProcessing(trx, { assetId: id, title: name, type: 'pdf', priority: MEDIA_PRIORITY.backfill }));
  return id;
}

describe('priorities under a backlog', () => {
  it('runs a new upload before waiting backfills and re-processes, and re-processes before backfills, on a real worker', async () => {
    // Queued oldest first: the backlog was there before the upload.
    const backfills = [await queuedBackfill('backfill-1.pdf'), await queuedBackfill('backfill-2.pdf')];
    const reprocesses = [await queuedReprocess('again-1.pdf'), await queuedReprocess('again-2.pdf')];
    const upload1 = await upload('new-lecture.pdf');
    expect((await asAdmin('POST', `${BASE}/${upload1}`, {}, { 'content-type': 'application/json' })).json().priorityClass).toBe('upload');

    // One media job at a time (MEDIA_CONCURRENCY 1): the order they finish in is the order they ran in.
    worker = await startTestWorker(harness.database, testConfig({ MEDIA_CONCURRENCY: '1' }));
    const all = [upload1, ...reprocesses, ...backfills];
    const items = await waitFor(async () => {
      const rows = await harness.db.selectFrom('queue_items').select(['asset_id', 'state', 'finished_at']).where('asset_id', 'in', all).execute();
      return rows.every((row) => row.state === 'ready' || row.state === 'failed') ? rows : undefined;
    }, 180_000);
    expect(items.every((row) => row.state === 'ready')).toBe(true);
    const order = [...items].sort((a, b) => a.finished_at!.getTime() - b.finished_at!.getTime()).map((row) => row.asset_id);
    expect(order[0]).toBe(upload1);
    expect(new Set(order.slice(1, 3))).toEqual(new Set(reprocesses));
    expect(new Set(order.slice(3))).toEqual(new Set(backfills));
  }, 240_000);
});
