import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../../../shared/comments/comments.schema.ts';
import { PUSH_MESSAGES } from '../../../shared/push/push.schema.ts';
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
let counter = 0;

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  env = { PUSH_ENDPOINT_HOSTS: pushService.host, PUSH_CA_FILE: pushService.caFile };
  ({ database, app, admin } = await startAdminApp({ env }));
});
afterAll(async () => {
  await stopAdminApp({ database, app });
  await pushService?.close();
});

const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** A published lecture, free (no rate card) unless a card is given. */
async function lecture(card: string | null = null) {
  return (await database.db.insertInto('lectures').values({ title: `Discussed ${++counter}`, is_published: true, is_visible: true, master_subscription_id: card }).returning('id').executeTakeFirstOrThrow()).id;
}

async function student(name = 'Anu') {
  counter += 1;
  await createUser(database.db, { email: `talk${counter}@example.com`, name, phone: `98471${String(counter).padStart(5, '0')}` });
  return signIn(app, `talk${counter}@example.com`);
}

describe('discussions', () => {
  it('a student comments (staff get an alert); staff reply and the student gets a push "{name} - replied to you"', async () => {
    const lectureId = await lecture();
    const anu = await student('Anu');
    expect((await call(anu, 'POST', '/api/student/push-subscriptions', pushService.subscribe())).statusCode).toBe(200);
    const written = await call(anu, 'POST', `/api/student/lectures/${lectureId}/comments`, { message: '  What is Article 21?  ' });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ message: 'What is Article 21?', displayName: 'Anu', isMine: true, isAdministrator: false });
    const alerts = (await call(admin, 'GET', '/api/admin/notifications?search=Anu commented')).json();
    expect(alerts.alerts[0]).toMatchObject({ data: { resourceType: 'lecture', resourceId: lectureId } });

    const replied = await call(admin, 'POST', `/api/admin/comments/reply/${written.json()._id}`, { resourceType: 'lecture', resourceId: lectureId, message: 'Protection of life and personal liberty.', name: 'Dr. Meera', isAdministrator: true });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().notification).toEqual({ sent: true, message: null });
    const notification = await database.db.selectFrom('push_notifications').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    await deliverBatch({ db: database.db, config: testConfig(env) }, { notificationId: notification.id, batch: 0 });
    expect(pushService.received.at(-1)!.payload).toMatchObject({ title: 'Dr. Meera - replied to you', body: 'Protection of life and personal liberty.', clickAction: 'open_lecture', resourceType: 'lecture', resourceId: lectureId });

    const listed = (await call(admin, 'GET', `/api/admin/comments/lecture/${lectureId}`)).json();
    expect(listed[0].replies).toEqual([expect.objectContaining({ displayName: 'Dr. Meera', isAdministrator: true })]);
  });

  it('keeps a reply when the student has not allowed notifications, and says why', async () => {
    const lectureId = await lecture();
    const biju = await student('Biju');
    const comment = (await call(biju, 'POST', `/api/student/lectures/${lectureId}/comments`, { message: 'Doubt' })).json();
    const replied = (await call(admin, 'POST', `/api/admin/comments/reply/${comment._id}`, { resourceId: lectureId, message: 'Answer', name: 'Staff' })).json();
    expect(replied.notification).toEqual({ sent: false, message: PUSH_MESSAGES.studentNotSubscribed });
    expect((await call(admin, 'GET', `/api/admin/comments/lecture/${lectureId}`)).json()[0].replies).toHaveLength(1);
  });

  it('staff comments default to administrator and visible; hidden ones are not shown to students; pinned first', async () => {
    const lectureId = await lecture();
    const older = (await call(admin, 'POST', '/api/admin/comments', { displayName: 'Dr. Meera', message: 'Read chapter 3 first', resourceType: 'lecture', resourceId: lectureId })).json();
    expect(older).toMatchObject({ isAdministrator: true, isVisible: true, isPinned: false });
    const hidden = (await call(admin, 'POST', '/api/admin/comments', { displayName: 'Staff', message: 'Internal note', resourceId: lectureId, isVisible: false })).json();
    await call(admin, 'POST', '/api/admin/comments', { displayName: 'Staff', message: 'Newest', resourceId: lectureId });
    await call(admin, 'PUT', `/api/admin/comments/${older._id}`, { displayName: 'Dr. Meera', message: 'Read chapter 3 first', resourceId: lectureId, isPinned: true, isVisible: true });
    const reader = await student();
    const page = (await call(reader, 'GET', `/api/student/lectures/${lectureId}/comments`)).json();
    expect(page.comments.map((comment: { message: string }) => comment.message)).toEqual(['Read chapter 3 first', 'Newest']);
    expect(page.total).toBe(2);
    expect((await call(admin, 'GET', `/api/admin/comments/lecture/${lectureId}`)).json().map((comment: { _id: string }) => comment._id)).toContain(hidden._id);
    expect((await call(reader, 'POST', `/api/student/comments/${hidden._id}/replies`, { message: 'hi' })).statusCode).toBe(404);
  });

  it('refuses students who may not watch the lecture, long or empty messages, other people’s messages, and too many', async () => {
    const card = (await database.db.insertInto('subscriptions').values({ title: 'Paid card' }).returning('id').executeTakeFirstOrThrow()).id;
    const paid = await lecture(card);
    const free = await lecture();
    const [me, other] = [await student(), await student()];
    const refused = await call(me, 'POST', `/api/student/lectures/${paid}/comments`, { message: 'Can I?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMMENT_MESSAGES.notEntitled);
    expect((await call(me, 'POST', `/api/student/lectures/${free}/comments`, { message: 'x'.repeat(2001) })).json().message).toBe(COMMENT_MESSAGES.messageTooLong);
    expect((await call(me, 'POST', `/api/student/lectures/${free}/comments`, { message: '   ' })).json().message).toBe(COMMENT_MESSAGES.messageRequired);
    const mine = (await call(me, 'POST', `/api/student/lectures/${free}/comments`, { message: 'Mine' })).json();
    expect((await call(other, 'PUT', `/api/student/comments/${mine._id}`, { message: 'Hacked' })).statusCode).toBe(403);
    expect((await call(other, 'DELETE', `/api/student/comments/${mine._id}`)).statusCode).toBe(403);
    expect((await call(me, 'PUT', `/api/student/comments/${mine._id}`, { message: 'Mine, edited' })).json()).toEqual({ status: 'saved' });
    for (let i = 0; i < 9; i += 1) await call(me, 'POST', `/api/student/lectures/${free}/comments`, { message: `Quick ${i}` });
    const tooMany = await call(me, 'POST', `/api/student/lectures/${free}/comments`, { message: 'One more' });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe(COMMENT_MESSAGES.tooMany);
    expect((await call(me, 'DELETE', `/api/student/comments/${mine._id}`)).json()).toEqual({ status: 'deleted' });
    expect((await call(undefined, 'GET', `/api/student/lectures/${free}/comments`)).statusCode).toBe(401);
  });

  it('the moderation inbox lists student comments across lectures, newest first, and those no staff answered', async () => {
    const [first, second] = [await lecture(), await lecture()];
    const writer = await student('Inbox Writer');
    const answered = (await call(writer, 'POST', `/api/student/lectures/${first}/comments`, { message: 'Answered question' })).json();
    await call(writer, 'POST', `/api/student/lectures/${second}/comments`, { message: 'Open question' });
    await call(admin, 'POST', '/api/admin/comments', { displayName: 'Staff', message: 'Staff note (not in the inbox)', resourceId: second });
    await call(admin, 'POST', `/api/admin/comments/reply/${answered._id}`, { resourceId: first, message: 'Here', name: 'Staff' });
    const all = (await call(admin, 'GET', '/api/admin/discussions')).json();
    expect(all.comments.slice(0, 2).map((comment: { message: string; hasStaffReply: boolean }) => [comment.message, comment.hasStaffReply])).toEqual([
      ['Open question', false],
      ['Answered question', true],
    ]);
    expect(all.comments.map((comment: { message: string }) => comment.message)).not.toContain('Staff note (not in the inbox)');
    const open = (await call(admin, 'GET', '/api/admin/discussions?unanswered=yes')).json();
    expect(open.comments.map((comment: { message: string }) => comment.message)).toContain('Open question');
    expect(open.comments.map((comment: { message: string }) => comment.message)).not.toContain('Answered question');
    expect(open.comments[0]).toHaveProperty('lectureTitle');
    expect((await call(admin, 'GET', '/api/admin/discussions?unanswered=maybe')).statusCode).toBe(400);
  });

  it('edits and deletes staff replies and comments, and refuses unknown ids', async () => {
    const lectureId = await lecture();
    const comment = (await call(admin, 'POST', '/api/admin/comments', { displayName: 'Staff', message: 'Hello', resourceId: lectureId })).json();
    const reply = (await call(admin, 'POST', `/api/admin/comments/reply/${comment._id}`, { resourceId: lectureId, message: 'First', name: 'Staff' })).json().reply;
    expect((await call(admin, 'PUT', `/api/admin/comments/reply/${comment._id}/${reply._id}`, { message: 'First, edited', displayName: 'Dr. Meera', isAdministrator: false })).json()).toMatchObject({ message: 'First, edited', isAdministrator: false });
    expect((await call(admin, 'DELETE', `/api/admin/comments/reply/${comment._id}/${reply._id}`)).json()).toEqual({ status: 'deleted' });
    expect((await call(admin, 'DELETE', `/api/admin/comments/reply/${comment._id}/${reply._id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/admin/comments/${comment._id}`)).json()).toEqual({ status: 'deleted' });
    expect((await call(admin, 'GET', '/api/admin/comments/lecture/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/api/admin/comments', { displayName: '', message: 'x', resourceId: lectureId })).json().message).toBe(COMMENT_MESSAGES.authorRequired);
  });
});
