import { describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '../../../shared/push/push.schema.ts';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';
import { usePushApp } from '../../support/push-app.ts';
import { createUser } from '../../support/test-app.ts';

let counter = 0;

const { push, harness } = usePushApp();
const asAdmin = harness.injectAs('admin');
const send = (body: Record<string, unknown>) => asAdmin('POST', '/api/admin/notifications/send', body);

/** A student with a phone number and a device subscribed at the stand-in. */
async function subscribedStudent() {
  counter += 1;
  const phone = `98472${String(counter).padStart(5, '0')}`;
  await createUser(harness.db, { email: `audit-push${counter}@example.com`, phone });
  const cookie = await harness.signIn(`audit-push${counter}@example.com`);
  const registered = await harness.injectWith(cookie)('POST', '/api/student/push-subscriptions', push.service.subscribe());
  expect(registered.statusCode, registered.body).toBe(200);
  return { phone, cookie };
}

describe('the audit log of notifications', () => {
  it('a push sent from the composer writes one "send" entry with who sent it, what and to whom; no device key appears', async () => {
    const student = await subscribedStudent();
    const seq = await lastAuditSeq(harness.db);
    const sent = await send({
      title: 'Mock 12 opens',
      body: 'At 7 pm',
      targetType: 'specific-user',
      targetPhoneNumber: student.phone,
      clickAction: 'open_link',
      linkUrl: 'https://example.com/m12',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const entries = await auditEntries(harness.db, { afterSeq: seq });
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      actor_id: harness.userId('admin'),
      actor_roles: ['admin'],
      action: 'send',
      resource_type: 'notification',
      resource_id: sent.json().notificationId,
      resource_title: 'Mock 12 opens',
    });
    expect(entry!.actor_name).toBeTruthy();
    expect(entry!.changes).toMatchObject({
      title: { from: null, to: 'Mock 12 opens' },
      body: { from: null, to: 'At 7 pm' },
      targetType: { from: null, to: 'specific-user' },
      targetPhoneNumber: { from: null, to: student.phone },
      data: { from: null, to: { url: 'https://example.com/m12' } },
      targeted: { from: null, to: 1 },
    });
    const subscription = await harness.db.selectFrom('push_subscriptions').select(['p256dh', 'auth', 'endpoint']).executeTakeFirstOrThrow();
    const text = JSON.stringify(entries);
    for (const secret of [subscription.p256dh, subscription.auth, subscription.endpoint]) expect(text).not.toContain(secret);
  });

  it('a refused send (nobody to reach, no account of that number, not staff of the screen, signed out) writes no entry', async () => {
    await subscribedStudent();
    const seq = await lastAuditSeq(harness.db);
    const unknown = await send({ title: 'T', body: 'B', targetType: 'specific-user', targetPhoneNumber: '9000000001' });
    expect(unknown.json()).toMatchObject({ message: PUSH_MESSAGES.noAccount('9000000001'), field: 'targetPhoneNumber' });
    const group = await send({ title: 'T', body: 'B', targetType: 'group', groupTargets: ['lakshya-students'] });
    expect(group.statusCode).toBe(400);
    expect((await send({ title: '', body: 'B', targetType: 'everyone' })).statusCode).toBe(400);
    await createUser(harness.db, { email: 'audit-push-manager@example.com', roles: ['manager'] });
    const manager = await harness.signIn('audit-push-manager@example.com');
    expect((await harness.injectWith(manager)('POST', '/api/admin/notifications/send', { title: 'T', body: 'B', targetType: 'everyone' })).statusCode).toBe(
      403,
    );
    expect((await harness.injectAs('nobody')('POST', '/api/admin/notifications/send', { title: 'T', body: 'B', targetType: 'everyone' })).statusCode).toBe(401);
    expect(await auditEntries(harness.db, { afterSeq: seq, resourceType: 'notification' })).toEqual([]);
  });

  it('two sends at once: each notification has its own entry, in one unbroken chain', async () => {
    await subscribedStudent();
    const seq = await lastAuditSeq(harness.db);
    const [first, second] = await Promise.all([
      send({ title: 'First', body: 'B', targetType: 'everyone' }),
      send({ title: 'Second', body: 'B', targetType: 'everyone' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const entries = await auditEntries(harness.db, { afterSeq: seq });
    expect(entries.map((entry) => entry.resource_id).sort()).toEqual([first.json().notificationId, second.json().notificationId].sort());
    expect(entries.map((entry) => entry.resource_title).sort()).toEqual(['First', 'Second']);
    await expectUnbrokenChain(harness.db);
  });
});
