import { describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '../../../shared/push/push.schema.ts';
import { outcomeOf } from '../../../worker/push/push-delivery.ts';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { createUser } from '../../support/test-app.ts';
import type { PushBehaviour } from '../../support/push-service-stand-in.ts';
import { startTestWorker } from '../../support/test-worker.ts';
import { usePushApp } from '../../support/push-app.ts';

let counter = 0;

const { push, harness, config, deliver } = usePushApp();
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');

/** A student with a phone number and a device subscribed at the stand-in, answering as told. */
async function subscribedStudent(behaviour: PushBehaviour = 'ok', retryAfter = 1) {
  counter += 1;
  const phone = `98470${String(counter).padStart(5, '0')}`;
  await createUser(harness.db, { email: `push${counter}@example.com`, phone });
  const cookie = await harness.signIn(`push${counter}@example.com`);
  const subscription = push.service.subscribe(behaviour, retryAfter);
  const registered = await harness.injectWith(cookie)('POST', '/api/student/push-subscriptions', subscription);
  expect(registered.statusCode, registered.body).toBe(200);
  return { cookie, phone, subscription, id: registered.json()._id as string };
}

const send = (body: Record<string, unknown>) => asAdmin('POST', '/api/admin/notifications/send', body);
const deliveriesOf = (notificationId: string) => harness.db.selectFrom('push_deliveries').selectAll().where('notification_id', '=', notificationId).execute();

describe('push subscriptions', () => {
  it('refuses a send that would reach nobody, rather than reporting it sent (everyone, a group)', async () => {
    const everyone = await send({ title: 'T', body: 'B', targetType: 'everyone' });
    expect(everyone.statusCode).toBe(400);
    expect(everyone.json()).toMatchObject({ message: PUSH_MESSAGES.nobodySubscribed, field: 'targetType' });
    await subscribedStudent();
    const group = await send({ title: 'T', body: 'B', targetType: 'group', groupTargets: ['lakshya-students'] });
    expect(group.statusCode).toBe(400);
    expect(group.json()).toMatchObject({ message: PUSH_MESSAGES.groupNotSubscribed, field: 'groupTargets' });
    expect(await harness.db.selectFrom('push_notifications').select('id').execute()).toEqual([]);
  });

  it('keeps one row per endpoint, refuses endpoints of other hosts and bad keys, and removes a device', async () => {
    const student = await subscribedStudent();
    const again = await harness.injectWith(student.cookie)('POST', '/api/student/push-subscriptions', student.subscription);
    expect(again.json()._id).toBe(student.id);
    const foreign = await harness.injectWith(student.cookie)('POST', '/api/student/push-subscriptions', {
      ...student.subscription,
      endpoint: 'https://evil.example.com/push/1',
    });
    expect(foreign.json()).toMatchObject({ message: PUSH_MESSAGES.endpointNotAllowed, field: 'endpoint' });
    const internal = await harness.injectWith(student.cookie)('POST', '/api/student/push-subscriptions', {
      ...student.subscription,
      endpoint: 'http://169.254.169.254/latest',
    });
    expect(internal.statusCode).toBe(400);
    const badKeys = await harness.injectWith(student.cookie)('POST', '/api/student/push-subscriptions', {
      endpoint: student.subscription.endpoint,
      keys: { p256dh: 'short', auth: 'x' },
    });
    expect(badKeys.json()).toMatchObject({ message: PUSH_MESSAGES.p256dhInvalid, field: 'keys.p256dh' });
    expect((await asNobody('POST', '/api/student/push-subscriptions', student.subscription)).statusCode).toBe(401);
    expect((await harness.injectWith(student.cookie)('DELETE', '/api/student/push-subscriptions', { endpoint: student.subscription.endpoint })).json()).toEqual(
      { removed: 1 },
    );
    expect((await asNobody('GET', '/api/push/vapid-public-key')).json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });
});

describe('sending', () => {
  it('delivers to one student by phone: encrypted for their device, signed with VAPID, with TTL and urgency', async () => {
    const student = await subscribedStudent();
    const sent = await send({
      title: 'New mock test',
      body: 'Mock 12 opens at 7 pm',
      targetType: 'specific-user',
      targetPhoneNumber: `+91 ${student.phone}`,
      resourceType: 'exam',
      resourceID: 'abc',
      clickAction: 'open_exam',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().targeted).toBe(1);
    const result = await deliver({ notificationId: sent.json().notificationId, batch: 0 });
    expect(result).toMatchObject({ delivered: 1, gone: 0, failed: 0 });
    const got = push.service.received.find((push) => student.subscription.endpoint.endsWith(push.subscription))!;
    expect(got.payload).toMatchObject({
      title: 'New mock test',
      body: 'Mock 12 opens at 7 pm',
      resourceType: 'exam',
      resourceId: 'abc',
      clickAction: 'open_exam',
    });
    expect(got).toMatchObject({ ttl: '86400', urgency: 'normal' });
    expect(push.service.refused).toEqual([]);
    const [listed] = (await asAdmin('GET', '/api/admin/notifications/sent')).json();
    expect(listed).toMatchObject({ targeted: 1, delivered: 1, gone: 0, failed: 0, pending: 0 });
    expect(listed.completedAt).not.toBeNull();
  });

  it('refuses an unknown phone, a student without a device, an empty group, a payload over 3,993 bytes, and limits the composer fields', async () => {
    await createUser(harness.db, { email: 'nodevice@example.com', phone: '9847099999' });
    expect((await send({ title: 'T', body: 'B', targetType: 'specific-user', targetPhoneNumber: '9000000009' })).json().message).toBe(
      PUSH_MESSAGES.noAccount('9000000009'),
    );
    expect((await send({ title: 'T', body: 'B', targetType: 'specific-user', targetPhoneNumber: '9847099999' })).json().message).toBe(
      PUSH_MESSAGES.noSubscription('9847099999'),
    );
    expect((await send({ title: 'T', body: 'B', targetType: 'specific-user' })).json().message).toBe(PUSH_MESSAGES.phoneRequired);
    expect((await send({ title: 'T', body: 'B', targetType: 'group', groupTargets: [] })).json().message).toBe(PUSH_MESSAGES.groupRequired);
    const large = await send({
      title: 'T',
      body: 'B',
      targetType: 'everyone',
      imageUrl: `https://example.com/${'x'.repeat(2040)}`,
      lectureId: 'l'.repeat(100),
      subjectId: 's'.repeat(100),
      resourceID: 'r'.repeat(100),
    });
    expect(large.statusCode).toBe(400);
    expect((await send({ title: 'x'.repeat(101), body: 'B', targetType: 'everyone' })).json()).toMatchObject({
      message: PUSH_MESSAGES.titleTooLong,
      field: 'title',
    });
    expect((await send({ title: 'T', body: 'x'.repeat(256), targetType: 'everyone' })).json()).toMatchObject({
      message: PUSH_MESSAGES.bodyTooLong,
      field: 'body',
    });
  });

  it('handles each answer: 404 and 410 delete the subscription, 429 waits, 5xx and no answer retry, nothing else deletes', async () => {
    await harness.db.deleteFrom('push_subscriptions').execute();
    const students = {
      ok: await subscribedStudent('ok'),
      gone404: await subscribedStudent('gone-404'),
      gone410: await subscribedStudent('gone-410'),
      busy: await subscribedStudent('busy-once', 1),
      flaky: await subscribedStudent('error-500-once'),
      broken: await subscribedStudent('error-500'),
    };
    const sent = (await send({ title: 'Everyone', body: 'Hello', targetType: 'everyone' })).json();
    expect(sent.targeted).toBe(6);
    const first = await deliver({ notificationId: sent.notificationId, batch: 0 });
    expect(first).toMatchObject({ delivered: 1, gone: 2, retryAfterSeconds: 1 });
    const subscriptions = await harness.db.selectFrom('push_subscriptions').select('id').execute();
    expect(subscriptions.map((row) => row.id).sort()).toEqual([students.ok.id, students.busy.id, students.flaky.id, students.broken.id].sort());
    const second = await deliver({ notificationId: sent.notificationId, batch: 0 });
    expect(second).toMatchObject({ delivered: 2, retriable: 1, retryAfterSeconds: null });
    const last = await deliver({ notificationId: sent.notificationId, batch: 0 }, { finalAttempt: true });
    expect(last).toMatchObject({ failed: 1 });
    const byStatus = (await deliveriesOf(sent.notificationId)).map((row) => row.status).sort();
    expect(byStatus).toEqual(['delivered', 'delivered', 'delivered', 'failed', 'gone', 'gone']);
    // The delivered ones were sent once each.
    expect(push.service.requests.get(students.ok.subscription.endpoint.split('/').at(-1)!)).toBe(1);
    expect(await harness.db.selectFrom('push_subscriptions').select('id').where('id', '=', students.broken.id).execute()).toHaveLength(1);
    const [listed] = (await asAdmin('GET', '/api/admin/notifications/sent')).json();
    expect(listed).toMatchObject({ targeted: 6, delivered: 3, gone: 2, failed: 1, pending: 0 });
  });

  it('reads answers as the rules say', () => {
    expect(outcomeOf({ statusCode: 410 })).toEqual({ status: 'gone' });
    expect(outcomeOf({ statusCode: 429, headers: { 'retry-after': '5' } })).toEqual({ status: 'busy', retryAfterSeconds: 5 });
    expect(outcomeOf({ statusCode: 429, headers: {} })).toEqual({ status: 'busy', retryAfterSeconds: 60 });
    expect(outcomeOf({ statusCode: 503 })).toMatchObject({ status: 'retry' });
    expect(outcomeOf({ message: 'socket hang up' })).toMatchObject({ status: 'retry' });
    expect(outcomeOf({ statusCode: 413 })).toMatchObject({ status: 'failed' });
  });

  it('a push service that never answers is given up after the timeout and tried again, not counted delivered', async () => {
    await harness.db.deleteFrom('push_subscriptions').execute();
    await subscribedStudent('hang');
    const sent = (await send({ title: 'Hang', body: 'Wait', targetType: 'everyone' })).json();
    // The job stops waiting for it (it would hold up the batch) and the batch is looked at again later.
    const result = await deliver({ notificationId: sent.notificationId, batch: 0 });
    expect(result).toMatchObject({ delivered: 0, stragglers: 1 });
    // Its own timeout (10 s) ends it: still pending, one attempt counted, to be tried again.
    await expect
      .poll(async () => (await deliveriesOf(sent.notificationId)).map((row) => [row.status, row.attempts]), { timeout: 20_000, interval: 500 })
      .toEqual([['pending', 1]]);
    const again = await deliver({ notificationId: sent.notificationId, batch: 0 }, { finalAttempt: true });
    expect(again).toMatchObject({ delivered: 0, stragglers: 1 });
  }, 40_000);

  it('the worker fleet sends every batch of a group, once each, even across a worker that stops', async () => {
    await harness.db.deleteFrom('push_subscriptions').execute();
    const listed = await subscribedStudent();
    await asAdmin('POST', '/api/admin/lakshya-students', { value: { name: 'Listed', phoneNumber: listed.phone } });
    // Only a verified number makes an account a special student.
    await harness.db.updateTable('users').set({ phone_verified_at: new Date() }).where('phone_number', '=', listed.phone).execute();
    await subscribedStudent();
    const sent = (await send({ title: 'Group', body: 'For special students', targetType: 'group', groupTargets: ['lakshya-students'] })).json();
    expect(sent.targeted).toBe(1);
    const worker: WorkerHandle = await startTestWorker(harness.database, config());
    try {
      await expect.poll(async () => (await deliveriesOf(sent.notificationId)).map((row) => row.status), { timeout: 20_000 }).toEqual(['delivered']);
    } finally {
      await worker.stop();
    }
    expect(push.service.received.filter((push) => (push.payload as { notificationId: string }).notificationId === sent.notificationId)).toHaveLength(1);
  });

  it('a batch taken up again after a worker stopped half-way sends only what was not delivered', async () => {
    await harness.db.deleteFrom('push_subscriptions').execute();
    const students = [await subscribedStudent(), await subscribedStudent(), await subscribedStudent(), await subscribedStudent()];
    const sent = (await send({ title: 'Half-way', body: 'Again', targetType: 'everyone' })).json();
    // The first worker delivered two and stopped before the rest: their rows say so.
    const first = students.slice(0, 2).map((student) => student.id);
    await harness.db
      .updateTable('push_deliveries')
      .set({ status: 'delivered', attempts: 1 })
      .where('notification_id', '=', sent.notificationId)
      .where('subscription_id', 'in', first)
      .execute();
    const result = await deliver({ notificationId: sent.notificationId, batch: 0 });
    expect(result).toMatchObject({ delivered: 2 });
    const requested = (student: (typeof students)[number]) => push.service.requests.get(student.subscription.endpoint.split('/').at(-1)!) ?? 0;
    expect(students.map(requested)).toEqual([0, 0, 1, 1]);
    expect((await deliveriesOf(sent.notificationId)).every((row) => row.status === 'delivered')).toBe(true);
  });

  it('is for roles that see Notifications: the manager may not compose', async () => {
    await createUser(harness.db, { email: 'push-manager@example.com', roles: ['manager'] });
    const manager = await harness.signIn('push-manager@example.com');
    expect((await harness.injectWith(manager)('POST', '/api/admin/notifications/send', { title: 'T', body: 'B', targetType: 'everyone' })).statusCode).toBe(
      403,
    );
  });
});
