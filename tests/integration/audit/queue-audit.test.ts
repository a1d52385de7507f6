import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';
import { useApp, type SignedInRole } from '../../support/app-harness.ts';
import { multipartBody, TINY_PDF } from '../../support/multipart.ts';

const BASE = '/api/admin/assets/process/video';
const harness = useApp({ roles: ['admin', 'staff', 'marketing'] });
beforeEach(async () => {
  await harness.db.deleteFrom('queue_items').execute();
  await sql`delete from graphile_worker._private_jobs`.execute(harness.db);
  // Stopped: no worker takes an item, so each stays as the test leaves it.
  await harness.db.updateTable('queue_settings').set({ state: 'STOPPED' }).execute();
});

const call = (method: 'POST' | 'DELETE' | 'GET', url: string, role: SignedInRole = 'admin') =>
  method === 'POST' ? harness.injectAs(role)(method, url, {}, { 'content-type': 'application/json' }) : harness.injectAs(role)(method, url);

async function uploadPdf(name: string): Promise<string> {
  const body = multipartBody([{ fileName: name, content: TINY_PDF }]);
  const response = await harness.injectAs('admin')('POST', '/api/assets/private', body.payload, body.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0]._id;
}

const queueEntries = (afterSeq: number) => auditEntries(harness.db, { afterSeq, resourceType: 'queue-item' });
const itemId = async (assetId: string) =>
  (await harness.db.selectFrom('queue_items').select('id').where('asset_id', '=', assetId).executeTakeFirstOrThrow()).id;

describe('the audit log of the process queue', () => {
  it('starting and stopping the queue write "activate" and "deactivate" with the state changed', async () => {
    const seq = await lastAuditSeq(harness.db);
    expect((await call('POST', `${BASE}/trigger/start`)).statusCode).toBe(200);
    expect((await call('POST', `${BASE}/trigger/end`)).statusCode).toBe(200);
    const entries = await queueEntries(seq);
    expect(entries.map((entry) => [entry.action, entry.resource_title, entry.changes])).toEqual([
      ['activate', 'Process queue', { state: { from: 'STOPPED', to: 'RUNNING' } }],
      ['deactivate', 'Process queue', { state: { from: 'RUNNING', to: 'STOPPED' } }],
    ]);
    expect(entries[0]).toMatchObject({ actor_id: harness.userId('admin'), actor_roles: ['admin'], resource_id: null });
  });

  it('triggering a file creates its item; again while waiting updates it; after a failure retries it; each with its fields', async () => {
    const assetId = await uploadPdf('chapter.pdf');
    let seq = await lastAuditSeq(harness.db);
    expect((await call('POST', `${BASE}/trigger/${assetId}?title=Chapter%201&type=pdf`)).statusCode).toBe(200);
    const id = await itemId(assetId);
    const created = await queueEntries(seq);
    expect(created).toHaveLength(1);
    let entry = created[0];
    expect(entry).toMatchObject({ action: 'create', resource_id: id, resource_title: 'Chapter 1' });
    expect(entry!.changes).toMatchObject({ fileId: { from: null, to: assetId }, state: { from: null, to: 'queued' }, priority: { from: null, to: 0 } });

    seq = await lastAuditSeq(harness.db);
    expect((await call('POST', `${BASE}/trigger/${assetId}?title=Chapter%202`)).statusCode).toBe(200);
    [entry] = await queueEntries(seq);
    expect(entry).toMatchObject({ action: 'update', resource_id: id });
    expect(entry!.changes).toEqual({ title: { from: 'Chapter 1', to: 'Chapter 2' } });

    await harness.db.updateTable('queue_items').set({ state: 'failed', failure_reason: 'Not a PDF', attempts: 4 }).where('id', '=', id).execute();
    seq = await lastAuditSeq(harness.db);
    expect((await call('POST', `${BASE}/${assetId}`)).statusCode).toBe(200);
    [entry] = await queueEntries(seq);
    expect(entry).toMatchObject({ action: 'retry', resource_id: id });
    expect(entry!.changes).toMatchObject({
      state: { from: 'failed', to: 'queued' },
      attempts: { from: 4, to: 0 },
      failureReason: { from: 'Not a PDF', to: null },
      title: { from: 'Chapter 2', to: 'chapter.pdf' },
    });
  });

  it('pulling files writes one entry per file pulled in', async () => {
    await harness.db.deleteFrom('assets').execute();
    const first = await uploadPdf('one.pdf');
    const second = await uploadPdf('two.pdf');
    const seq = await lastAuditSeq(harness.db);
    const pulled = await call('GET', `${BASE}/queue/pull/pdf?count=10`);
    expect(pulled.json().pulled).toBe(2);
    const entries = await queueEntries(seq);
    expect(entries.map((entry) => [entry.action, entry.changes.fileId]).sort()).toEqual(
      [
        ['create', { from: null, to: first }],
        ['create', { from: null, to: second }],
      ].sort(),
    );
  });

  it('removing an item writes "delete" with what it was', async () => {
    const assetId = await uploadPdf('gone.pdf');
    await call('POST', `${BASE}/trigger/${assetId}`);
    const id = await itemId(assetId);
    const seq = await lastAuditSeq(harness.db);
    const removed = await call('DELETE', `${BASE}/queueAndS3/items/${assetId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const [entry, ...rest] = await queueEntries(seq);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ action: 'delete', resource_id: id, resource_title: 'gone.pdf' });
    expect(entry!.changes).toMatchObject({ state: { from: 'queued', to: null }, fileId: { from: assetId, to: null } });
  });

  it('a refused change (no such file, wrong kind, a role without the right, signed out) writes no entry', async () => {
    const assetId = await uploadPdf('kept.pdf');
    await call('POST', `${BASE}/trigger/${assetId}`);
    const seq = await lastAuditSeq(harness.db);
    const missing = '00000000-0000-4000-8000-000000000009';
    expect((await call('POST', `${BASE}/trigger/${missing}`)).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/trigger/${assetId}?type=video`)).statusCode).toBe(400);
    expect((await call('DELETE', `${BASE}/queueAndS3/items/${missing}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/queueAndS3/items/${assetId}`, 'staff')).statusCode).toBe(403);
    expect((await call('POST', `${BASE}/trigger/start`, 'marketing')).statusCode).toBe(403);
    expect((await harness.injectAs('nobody')('POST', `${BASE}/trigger/start`, {}, { 'content-type': 'application/json' })).statusCode).toBe(401);
    expect(await auditEntries(harness.db, { afterSeq: seq })).toEqual([]);
  });

  it('two managers removing the same item at once: one removes it with one entry, the other is told it is gone and writes none', async () => {
    const assetId = await uploadPdf('twice.pdf');
    await call('POST', `${BASE}/trigger/${assetId}`);
    const seq = await lastAuditSeq(harness.db);
    const answers = await Promise.all([call('DELETE', `${BASE}/queueAndS3/items/${assetId}`), call('DELETE', `${BASE}/queueAndS3/items/${assetId}`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const entries = await auditEntries(harness.db, { afterSeq: seq });
    expect(entries.map((entry) => entry.action)).toEqual(['delete']);
    await expectUnbrokenChain(harness.db);
  });
});
