import { describe, expect, it } from 'vitest';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';
import { useApp } from '../../support/app-harness.ts';
import { multipartBody, TINY_PDF, TINY_PNG, type FilePart } from '../../support/multipart.ts';

const harness = useApp({ roles: ['admin', 'student'] });
const asAdmin = harness.injectAs('admin');

async function upload(files: FilePart[], cookie = harness.cookie('admin')) {
  const body = multipartBody(files);
  return harness.injectWith(cookie)('POST', '/api/assets/public', body.payload, body.headers);
}
const since = (seq: number) => auditEntries(harness.db, { afterSeq: seq });

describe('the audit log of files', () => {
  it('an upload writes one "create" per file; a replace an "update" with the new name, size and content; a delete a "delete"', async () => {
    let seq = await lastAuditSeq(harness.db);
    const uploaded = await upload([
      { fileName: 'cover.png', content: TINY_PNG },
      { fileName: 'notes.pdf', content: TINY_PDF },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [cover, notes] = uploaded.json() as Array<{ _id: string }>;
    const created = await since(seq);
    expect(created.map((entry) => [entry.action, entry.resource_type, entry.resource_id, entry.resource_title])).toEqual([
      ['create', 'asset', cover!._id, 'cover.png'],
      ['create', 'asset', notes!._id, 'notes.pdf'],
    ]);
    expect(created[0]).toMatchObject({ actor_id: harness.userId('admin'), actor_roles: ['admin'] });
    expect(created[0]!.changes).toMatchObject({
      fileName: { from: null, to: 'cover.png' },
      accessMode: { from: null, to: 'public' },
      sizeInBytes: { from: null, to: TINY_PNG.length },
    });
    const storage = await harness.db.selectFrom('assets').select('storage_key').where('id', '=', cover!._id).executeTakeFirstOrThrow();
    expect(JSON.stringify(created)).not.toContain(storage.storage_key);

    seq = await lastAuditSeq(harness.db);
    const bigger = Buffer.concat([TINY_PNG, Buffer.from('trailing bytes')]);
    const body = multipartBody([{ fileName: 'cover-2.png', content: bigger }]);
    expect((await asAdmin('PUT', `/api/assets/replace/${cover!._id}`, body.payload, body.headers)).statusCode).toBe(200);
    const [replaced, ...rest] = await since(seq);
    expect(rest).toEqual([]);
    expect(replaced).toMatchObject({ action: 'update', resource_id: cover!._id, resource_title: 'cover-2.png' });
    expect(replaced!.changes).toMatchObject({ fileName: { from: 'cover.png', to: 'cover-2.png' }, sizeInBytes: { from: TINY_PNG.length, to: bigger.length } });
    expect(replaced!.changes.content).toBeDefined();

    seq = await lastAuditSeq(harness.db);
    expect((await asAdmin('DELETE', `/api/assets/${notes!._id}`)).statusCode).toBe(200);
    const [deleted, ...more] = await since(seq);
    expect(more).toEqual([]);
    expect(deleted).toMatchObject({ action: 'delete', resource_id: notes!._id, resource_title: 'notes.pdf' });
    expect(deleted!.changes).toMatchObject({ fileName: { from: 'notes.pdf', to: null }, kind: { from: 'pdf', to: null } });
  });

  it('a refused change (wrong kind, not found, in use, a student, signed out) writes no entry', async () => {
    const id = (await upload([{ fileName: 'kept.png', content: TINY_PNG }])).json()[0]._id as string;
    await harness.db.insertInto('lectures').values({ title: 'Uses it', video_resource_id: id }).execute();
    const seq = await lastAuditSeq(harness.db);
    const wrong = multipartBody([{ fileName: 'c.pdf', content: TINY_PDF }]);
    expect((await asAdmin('PUT', `/api/assets/replace/${id}`, wrong.payload, wrong.headers)).statusCode).toBe(415);
    expect((await asAdmin('DELETE', '/api/assets/00000000-0000-4000-8000-000000000009')).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/api/assets/${id}`)).statusCode).toBe(409);
    expect((await upload([{ fileName: 'a.png', content: TINY_PNG }], harness.cookie('student'))).statusCode).toBe(403);
    expect((await harness.injectWith(harness.cookie('student'))('DELETE', `/api/assets/${id}`)).statusCode).toBe(403);
    expect((await harness.injectAs('nobody')('DELETE', `/api/assets/${id}`)).statusCode).toBe(401);
    expect(await since(seq)).toEqual([]);
  });

  it('two staff deleting the same file at once: one deletes it with one entry, the other is told it is gone and writes none', async () => {
    const id = (await upload([{ fileName: 'twice.png', content: TINY_PNG }])).json()[0]._id as string;
    const seq = await lastAuditSeq(harness.db);
    const answers = await Promise.all([asAdmin('DELETE', `/api/assets/${id}`), asAdmin('DELETE', `/api/assets/${id}`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect((await since(seq)).map((entry) => [entry.action, entry.resource_id])).toEqual([['delete', id]]);
    await expectUnbrokenChain(harness.db);
  });
});
