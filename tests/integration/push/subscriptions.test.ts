import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '../../../shared/push/push.schema.ts';
import * as capMigration from '../../../migrations/202611280200_push_subscriptions_per_student.ts';
import { MAX_DEVICES_PER_STUDENT, REGISTRATIONS_PER_STUDENT } from '../../../server/push/push-subscription.limits.ts';
import { createUser } from '../../support/test-app.ts';
import type { StandInSubscription } from '../../support/push-service-stand-in.ts';
import { usePushApp } from '../../support/push-app.ts';

let counter = 0;

const { push, harness, deliver } = usePushApp();
const asAdmin = harness.injectAs('admin');

const register = (cookie: string, subscription: unknown) =>
  harness.app.inject({ method: 'POST', url: '/api/student/push-subscriptions', headers: { cookie }, payload: subscription as Record<string, unknown> });
const send = (body: Record<string, unknown>) => asAdmin('POST', '/api/admin/notifications/send', body);

async function student() {
  counter += 1;
  const phone = `98472${String(counter).padStart(5, '0')}`;
  const user = await createUser(harness.db, { email: `device${counter}@example.com`, phone, name: `Device owner ${counter}` });
  return { id: user.id, phone, cookie: await harness.signIn(`device${counter}@example.com`) };
}

/** Keys of a browser of one's own: a fresh key pair and auth secret. */
function otherKeys(): StandInSubscription['keys'] {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** 65 bytes that start with 0x04 but are no point on P-256. */
function pointOffTheCurve(): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const point = ecdh.getPublicKey();
  point[64] = point[64]! ^ 1;
  return point.toString('base64url');
}

const rowOf = (endpoint: string) => harness.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
const devicesOf = (userId: string) => harness.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute();
const standInId = (subscription: StandInSubscription) => subscription.endpoint.split('/').at(-1)!;

describe('registering a device another account holds', () => {
  it('is refused with 409 when the auth secret differs, and the device keeps getting its pushes', async () => {
    const owner = await student();
    const device = push.service.subscribe();
    expect((await register(owner.cookie, device)).statusCode).toBe(200);
    const intruder = await student();

    const taken = await register(intruder.cookie, { endpoint: device.endpoint, keys: otherKeys() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: PUSH_MESSAGES.endpointTaken, type: 'conflict', field: 'endpoint' });
    // Nothing says whose device it is.
    expect(taken.body).not.toContain(owner.phone);
    expect(taken.body).not.toContain('Device owner');
    expect(await rowOf(device.endpoint)).toMatchObject({ user_id: owner.id, p256dh: device.keys.p256dh, auth: device.keys.auth });
    // The device's public key is no proof: only its auth secret is.
    expect((await register(intruder.cookie, { endpoint: device.endpoint, keys: { p256dh: device.keys.p256dh, auth: otherKeys().auth } })).statusCode).toBe(409);
    expect(await rowOf(device.endpoint)).toMatchObject({ user_id: owner.id, auth: device.keys.auth });

    const sent = await send({ title: 'Mock 12', body: 'Tonight at 7', targetType: 'specific-user', targetPhoneNumber: owner.phone });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await deliver({ notificationId: sent.json().notificationId, batch: 0 })).toMatchObject({ delivered: 1, failed: 0 });
    expect(push.service.received.some((push) => push.subscription === standInId(device))).toBe(true);
    expect(push.service.refused).toEqual([]);
    expect((await send({ title: 'T', body: 'B', targetType: 'specific-user', targetPhoneNumber: intruder.phone })).json().message).toBe(
      PUSH_MESSAGES.noSubscription(intruder.phone),
    );
  });

  it('moves cleanly to a caller that holds the device (the same auth secret): the other account no longer targets it', async () => {
    const first = await student();
    const device = push.service.subscribe();
    const registered = (await register(first.cookie, device)).json()._id;
    const second = await student();

    const moved = await register(second.cookie, device);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()._id).toBe(registered);
    expect(await rowOf(device.endpoint)).toMatchObject({ user_id: second.id });
    expect((await send({ title: 'T', body: 'B', targetType: 'specific-user', targetPhoneNumber: first.phone })).json().message).toBe(
      PUSH_MESSAGES.noSubscription(first.phone),
    );
    const sent = await send({ title: 'T', body: 'B', targetType: 'specific-user', targetPhoneNumber: second.phone });
    expect(sent.json().targeted).toBe(1);
  });

  it('takes new keys for the same account and endpoint (browsers rotate them)', async () => {
    const owner = await student();
    const device = push.service.subscribe();
    const registered = (await register(owner.cookie, device)).json()._id;
    const rotated = otherKeys();
    const again = await register(owner.cookie, { endpoint: device.endpoint, keys: rotated });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()._id).toBe(registered);
    expect(await rowOf(device.endpoint)).toMatchObject({ user_id: owner.id, p256dh: rotated.p256dh, auth: rotated.auth });
  });
});

describe('subscription keys', () => {
  it('refuses a p256dh that is not an uncompressed P-256 point, and an auth that is not 16 bytes, naming the field; nothing is stored', async () => {
    const owner = await student();
    const device = push.service.subscribe();
    const compressed = (() => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return ecdh.getPublicKey(null, 'compressed').toString('base64url');
    })();
    const wrongPrefix = Buffer.from(device.keys.p256dh, 'base64url');
    wrongPrefix[0] = 0x05;
    const badP256dh = [pointOffTheCurve(), compressed, wrongPrefix.toString('base64url'), Buffer.alloc(65).toString('base64url'), 'B'.repeat(87)];
    for (const p256dh of badP256dh) {
      const refused = await register(owner.cookie, { endpoint: device.endpoint, keys: { ...device.keys, p256dh } });
      expect(refused.statusCode, p256dh).toBe(400);
      expect(refused.json()).toMatchObject({ message: PUSH_MESSAGES.p256dhInvalid, field: 'keys.p256dh' });
    }
    for (const auth of [randomBytes(15).toString('base64url'), randomBytes(17).toString('base64url'), 'not base64url!!!!!!!!!', '']) {
      const refused = await register(owner.cookie, { endpoint: device.endpoint, keys: { ...device.keys, auth } });
      expect(refused.statusCode, auth).toBe(400);
      expect(refused.json()).toMatchObject({ message: PUSH_MESSAGES.authInvalid, field: 'keys.auth' });
    }
    expect(await rowOf(device.endpoint)).toBeUndefined();
  });

  it('drops a stored subscription whose keys no push can be encrypted for, instead of retrying it as a server error', async () => {
    const owner = await student();
    const device = push.service.subscribe();
    const stored = await harness.db
      .insertInto('push_subscriptions')
      .values({ user_id: owner.id, endpoint: device.endpoint, p256dh: pointOffTheCurve(), auth: device.keys.auth })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sent = await send({ title: 'T', body: 'B', targetType: 'specific-user', targetPhoneNumber: owner.phone });
    expect(sent.statusCode, sent.body).toBe(200);
    const result = await deliver({ notificationId: sent.json().notificationId, batch: 0 });
    expect(result).toMatchObject({ delivered: 0, gone: 1, failed: 0, retriable: 0 });
    const [delivery] = await harness.db.selectFrom('push_deliveries').selectAll().where('notification_id', '=', sent.json().notificationId).execute();
    expect(delivery).toMatchObject({ subscription_id: stored.id, status: 'gone', last_error: 'subscription keys not valid' });
    expect(await rowOf(device.endpoint)).toBeUndefined();
    expect(push.service.requests.get(standInId(device))).toBeUndefined();
  });
});

describe('devices per student', () => {
  it(`keeps the ${MAX_DEVICES_PER_STUDENT} most recently registered: the next replaces the least recently registered`, async () => {
    const owner = await student();
    const devices = Array.from({ length: MAX_DEVICES_PER_STUDENT + 2 }, () => push.service.subscribe());
    for (const device of devices.slice(0, MAX_DEVICES_PER_STUDENT)) expect((await register(owner.cookie, device)).statusCode).toBe(200);
    // The first device registers again: it is now the most recent, and the second is the oldest.
    expect((await register(owner.cookie, devices[0])).statusCode).toBe(200);
    expect((await register(owner.cookie, devices[MAX_DEVICES_PER_STUDENT])).statusCode).toBe(200);
    expect((await register(owner.cookie, devices[MAX_DEVICES_PER_STUDENT + 1])).statusCode).toBe(200);
    const kept = (await devicesOf(owner.id)).map((row) => row.endpoint).sort();
    expect(kept).toHaveLength(MAX_DEVICES_PER_STUDENT);
    expect(kept).toEqual([devices[0]!, ...devices.slice(3)].map((device) => device.endpoint).sort());
  });

  it('an account that held more before the cap keeps its 10 most recently registered', async () => {
    const owner = await student();
    const other = await student();
    const devices = Array.from({ length: 13 }, () => push.service.subscribe());
    await harness.db
      .insertInto('push_subscriptions')
      .values(
        devices.map((device, at) => ({
          user_id: owner.id,
          endpoint: device.endpoint,
          p256dh: device.keys.p256dh,
          auth: device.keys.auth,
          updated_at: new Date(Date.UTC(2026, 0, 1, 0, at)),
        })),
      )
      .execute();
    const single = push.service.subscribe();
    await harness.db
      .insertInto('push_subscriptions')
      .values({ user_id: other.id, endpoint: single.endpoint, p256dh: single.keys.p256dh, auth: single.keys.auth })
      .execute();
    await capMigration.up(harness.db);
    expect((await devicesOf(owner.id)).map((row) => row.endpoint).sort()).toEqual(
      devices
        .slice(3)
        .map((device) => device.endpoint)
        .sort(),
    );
    expect(await devicesOf(other.id)).toHaveLength(1);
  });

  it('cannot be passed by registrations at the same moment', async () => {
    // Every insert waits a little inside its transaction, so the registrations overlap.
    await sql`create function push_test_slow_insert() returns trigger language plpgsql as $$ begin perform pg_sleep(0.05); return new; end $$`.execute(
      harness.db,
    );
    await sql`create trigger push_test_slow_insert before insert on push_subscriptions for each row execute function push_test_slow_insert()`.execute(
      harness.db,
    );
    try {
      for (let round = 0; round < 5; round += 1) {
        const owner = await student();
        const seeded = Array.from({ length: MAX_DEVICES_PER_STUDENT - 1 }, () => push.service.subscribe());
        await harness.db
          .insertInto('push_subscriptions')
          .values(seeded.map((device) => ({ user_id: owner.id, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth })))
          .execute();
        const answers = await Promise.all(
          [push.service.subscribe(), push.service.subscribe(), push.service.subscribe()].map((device) => register(owner.cookie, device)),
        );
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
        expect(await devicesOf(owner.id)).toHaveLength(MAX_DEVICES_PER_STUDENT);
      }
    } finally {
      await sql`drop trigger push_test_slow_insert on push_subscriptions`.execute(harness.db);
      await sql`drop function push_test_slow_insert()`.execute(harness.db);
    }
  });
});

describe('registration rate', () => {
  it(`allows ${REGISTRATIONS_PER_STUDENT.max} registrations an hour per student, then answers 429 with Retry-After and stores nothing`, async () => {
    const owner = await student();
    const device = push.service.subscribe();
    for (let at = 0; at < REGISTRATIONS_PER_STUDENT.max; at += 1) expect((await register(owner.cookie, device)).statusCode).toBe(200);
    const next = push.service.subscribe();
    const refused = await register(owner.cookie, next);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ type: 'rate-limited', message: PUSH_MESSAGES.tooManyRegistrations(Number(refused.headers['retry-after'])) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(REGISTRATIONS_PER_STUDENT.windowSeconds);
    expect(await rowOf(next.endpoint)).toBeUndefined();
    // Another student is not held back.
    const other = await student();
    expect((await register(other.cookie, next)).statusCode).toBe(200);
  });
});
