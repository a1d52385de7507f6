import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../../../shared/comments/comments.schema.ts';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';
import { usePushApp } from '../../support/push-app.ts';
import { createUser } from '../../support/test-app.ts';

let counter = 0;

const { push, harness } = usePushApp();
const asAdmin = harness.injectAs('admin');
beforeAll(async () => {
  for (const name of ['Dr. Meera', 'Staff']) await createUser(harness.db, { name, roles: ['educator'] });
});

async function lecture() {
  return (
    await harness.db
      .insertInto('lectures')
      .values({ title: `Audited ${++counter}`, is_published: true, is_visible: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function staffComment(lectureId: string, message = 'Read chapter 3 first') {
  const created = await asAdmin('POST', '/api/admin/comments', { displayName: 'Dr. Meera', message, resourceType: 'lecture', resourceId: lectureId });
  expect(created.statusCode, created.body).toBe(200);
  return created.json()._id as string;
}

const since = async (seq: number) => auditEntries(harness.db, { afterSeq: seq });

describe('the audit log of comments', () => {
  it('staff writing, changing, hiding, pinning and deleting a comment each write one entry with the fields changed', async () => {
    const lectureId = await lecture();
    let seq = await lastAuditSeq(harness.db);
    const id = await staffComment(lectureId);
    let [entry, ...rest] = await since(seq);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      actor_id: harness.userId('admin'),
      actor_roles: ['admin'],
      action: 'create',
      resource_type: 'comment',
      resource_id: id,
      resource_title: 'Read chapter 3 first',
    });
    expect(entry!.changes).toMatchObject({
      message: { from: null, to: 'Read chapter 3 first' },
      lectureId: { from: null, to: lectureId },
      isVisible: { from: null, to: true },
    });

    seq = await lastAuditSeq(harness.db);
    expect(
      (await asAdmin('PUT', `/api/admin/comments/${id}`, { displayName: 'Dr. Meera', message: 'Read chapter 3 first', isVisible: false, isPinned: true }))
        .statusCode,
    ).toBe(200);
    [entry, ...rest] = await since(seq);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ action: 'update', resource_type: 'comment', resource_id: id });
    expect(entry!.changes).toEqual({ isVisible: { from: true, to: false }, isPinned: { from: false, to: true } });

    seq = await lastAuditSeq(harness.db);
    expect(
      (await asAdmin('PUT', `/api/admin/comments/${id}`, { displayName: 'Dr. Meera', message: 'Read chapter 4 first', isVisible: false, isPinned: true }))
        .statusCode,
    ).toBe(200);
    [entry] = await since(seq);
    expect(entry!.changes).toEqual({ message: { from: 'Read chapter 3 first', to: 'Read chapter 4 first' } });
    expect(entry!.resource_title).toBe('Read chapter 4 first');

    seq = await lastAuditSeq(harness.db);
    expect((await asAdmin('DELETE', `/api/admin/comments/${id}`)).statusCode).toBe(200);
    [entry, ...rest] = await since(seq);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ action: 'delete', resource_id: id, resource_title: 'Read chapter 4 first' });
    expect(entry!.changes).toMatchObject({ message: { from: 'Read chapter 4 first', to: null }, isPinned: { from: true, to: null } });
  });

  it('a staff reply writes a "reply" entry, and the push it sends the student its own "send" entry; changing and deleting the reply write theirs', async () => {
    const lectureId = await lecture();
    counter += 1;
    await createUser(harness.db, { email: `audit-talk${counter}@example.com`, name: 'Anu', phone: `98473${String(counter).padStart(5, '0')}` });
    const anu = await harness.signIn(`audit-talk${counter}@example.com`);
    expect((await harness.injectWith(anu)('POST', '/api/student/push-subscriptions', push.service.subscribe())).statusCode).toBe(200);
    let seq = await lastAuditSeq(harness.db);
    const written = await harness.injectWith(anu)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'What is Article 21?' });
    expect(written.statusCode).toBe(200);
    // A student's own comment is not a staff change.
    expect(await since(seq)).toEqual([]);

    const commentId = written.json()._id as string;
    const replied = await asAdmin('POST', `/api/admin/comments/reply/${commentId}`, { resourceId: lectureId, message: 'Life and liberty.', name: 'Dr. Meera' });
    expect(replied.statusCode, replied.body).toBe(200);
    const replyId = replied.json().reply._id as string;
    const [reply, sent, ...rest] = await since(seq);
    expect(rest).toEqual([]);
    expect(reply).toMatchObject({
      action: 'reply',
      resource_type: 'comment',
      resource_id: replyId,
      resource_title: 'Life and liberty.',
      actor_id: harness.userId('admin'),
    });
    expect(reply!.changes).toMatchObject({ commentId: { from: null, to: commentId }, displayName: { from: null, to: 'Dr. Meera' } });
    expect(sent).toMatchObject({ action: 'send', resource_type: 'notification', resource_title: 'Dr. Meera - replied to you' });

    seq = await lastAuditSeq(harness.db);
    const changed = await asAdmin('PUT', `/api/admin/comments/reply/${commentId}/${replyId}`, {
      message: 'Article 21: life and liberty.',
      displayName: 'Staff',
      isAdministrator: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [update] = await since(seq);
    expect(update).toMatchObject({ action: 'update', resource_id: replyId });
    expect(update!.changes).toMatchObject({
      displayName: { from: 'Dr. Meera', to: 'Staff' },
      message: { from: 'Life and liberty.', to: 'Article 21: life and liberty.' },
    });

    seq = await lastAuditSeq(harness.db);
    expect((await asAdmin('DELETE', `/api/admin/comments/reply/${commentId}/${replyId}`)).statusCode).toBe(200);
    const [removed, ...more] = await since(seq);
    expect(more).toEqual([]);
    expect(removed).toMatchObject({ action: 'delete', resource_id: replyId });
    expect(removed!.changes).toMatchObject({ message: { from: 'Article 21: life and liberty.', to: null } });
  });

  it('a refused change (not found, not an educator, bad input, a student, signed out) writes no entry', async () => {
    const lectureId = await lecture();
    const id = await staffComment(lectureId);
    const seq = await lastAuditSeq(harness.db);
    const missing = '00000000-0000-4000-8000-000000000009';
    expect((await asAdmin('PUT', `/api/admin/comments/${missing}`, { displayName: 'Staff', message: 'x' })).json()).toMatchObject({
      message: COMMENT_MESSAGES.notFound,
    });
    expect((await asAdmin('DELETE', `/api/admin/comments/${missing}`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/api/admin/comments/reply/${id}/${missing}`)).statusCode).toBe(404);
    expect((await asAdmin('PUT', `/api/admin/comments/${id}`, { displayName: 'Not an educator', message: 'x' })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/admin/comments', { displayName: 'Dr. Meera', message: '', resourceId: lectureId })).statusCode).toBe(400);
    expect((await asAdmin('POST', `/api/admin/comments/reply/${missing}`, { resourceId: lectureId, message: 'x', name: 'Staff' })).statusCode).toBe(404);
    counter += 1;
    await createUser(harness.db, { email: `audit-student${counter}@example.com` });
    const student = await harness.signIn(`audit-student${counter}@example.com`);
    expect((await harness.injectWith(student)('DELETE', `/api/admin/comments/${id}`)).statusCode).toBe(403);
    expect((await harness.injectAs('nobody')('DELETE', `/api/admin/comments/${id}`)).statusCode).toBe(401);
    expect(await since(seq)).toEqual([]);
  });

  it('two staff deleting the same comment at once: one deletes it with one entry, the other is told it is gone and writes none', async () => {
    const id = await staffComment(await lecture());
    const seq = await lastAuditSeq(harness.db);
    const answers = await Promise.all([asAdmin('DELETE', `/api/admin/comments/${id}`), asAdmin('DELETE', `/api/admin/comments/${id}`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const entries = await since(seq);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'delete', resource_id: id });
    await expectUnbrokenChain(harness.db);
  });
});
