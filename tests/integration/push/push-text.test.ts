import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverBatch } from '../../../server/push/push-delivery.ts';
import type { TestDatabase } from '../../support/test-database.ts';
import { startAdminApp, stopAdminApp } from '../../support/admin-app.ts';
import { createUser, signIn, testConfig } from '../../support/test-app.ts';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../support/push-service-stand-in.ts';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let pushService: PushServiceStandIn;
let env: Record<string, string>;

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  env = { PUSH_ENDPOINT_HOSTS: pushService.host, PUSH_CA_FILE: pushService.caFile };
  ({ database, app, admin } = await startAdminApp({ env }));
  await createUser(database.db, { name: 'Dr. Meera', roles: ['educator'] });
});
afterAll(async () => {
  await stopAdminApp({ database, app });
  await pushService?.close();
});

const call = (cookie: string, method: 'POST', url: string, payload: Record<string, unknown>) => app.inject({ method, url, headers: { cookie }, payload });

describe('a push the server writes itself', () => {
  it('a reply longer than a push body is cut between two characters and ends with an ellipsis, never in "�"', async () => {
    const lectureId = (await database.db.insertInto('lectures').values({ title: 'Constitution', is_published: true, is_visible: true }).returning('id').executeTakeFirstOrThrow()).id;
    await createUser(database.db, { email: 'emoji@example.com', name: 'Anu', phone: '9847300001' });
    const anu = await signIn(app, 'emoji@example.com');
    expect((await call(anu, 'POST', '/api/student/push-subscriptions', { ...pushService.subscribe() })).statusCode).toBe(200);
    const comment = await call(anu, 'POST', `/api/student/lectures/${lectureId}/comments`, { message: 'What is Article 21?' });
    expect(comment.statusCode, comment.body).toBe(200);

    // 254 code units of text, then emoji: cutting at 255 code units would split the first one.
    const message = `${'ജീവിക്കാനുള്ള അവകാശം '.repeat(12).slice(0, 252)}ab😀👨‍👩‍👧 and more after it`;
    const replied = await call(admin, 'POST', `/api/admin/comments/reply/${comment.json()._id}`, { resourceId: lectureId, message, name: 'Dr. Meera', isAdministrator: true });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().notification).toEqual({ sent: true, message: null });
    const notification = await database.db.selectFrom('push_notifications').select(['id', 'body']).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    await deliverBatch({ db: database.db, config: testConfig(env) }, { notificationId: notification.id, batch: 0 });
    const body = (pushService.received.at(-1)!.payload as { body: string }).body;
    expect(body).not.toContain('\uFFFD');
    expect(body.endsWith('…')).toBe(true);
    expect(body.length).toBeLessThanOrEqual(255);
    expect(message.startsWith(body.slice(0, -1))).toBe(true);
    expect(body).toBe(`${message.slice(0, 254)}…`);
    expect(notification.body).toBe(body);
  });
});
