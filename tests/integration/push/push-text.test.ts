import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/test-app.ts';
import { usePushApp } from '../../support/push-app.ts';

const { push, harness, deliver } = usePushApp();
const asAdmin = harness.injectAs('admin');
beforeAll(async () => {
  await createUser(harness.db, { name: 'Dr. Meera', roles: ['educator'] });
});

describe('a push the server writes itself', () => {
  it('a reply longer than a push body is cut between two characters and ends with an ellipsis, never in "�"', async () => {
    const lectureId = (
      await harness.db.insertInto('lectures').values({ title: 'Constitution', is_published: true, is_visible: true }).returning('id').executeTakeFirstOrThrow()
    ).id;
    await createUser(harness.db, { email: 'emoji@example.com', name: 'Anu', phone: '9847300001' });
    const anu = await harness.signIn('emoji@example.com');
    expect((await harness.injectWith(anu)('POST', '/api/student/push-subscriptions', { ...push.service.subscribe() })).statusCode).toBe(200);
    const comment = await harness.injectWith(anu)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'What is Article 21?' });
    expect(comment.statusCode, comment.body).toBe(200);

    // 254 code units of text, then emoji: cutting at 255 code units would split the first one.
    const message = `${'ജീവിക്കാനുള്ള അവകാശം '.repeat(12).slice(0, 252)}ab😀👨‍👩‍👧 and more after it`;
    const replied = await asAdmin('POST', `/api/admin/comments/reply/${comment.json()._id}`, {
      resourceId: lectureId,
      message,
      name: 'Dr. Meera',
      isAdministrator: true,
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().notification).toEqual({ sent: true, message: null });
    const notification = await harness.db.selectFrom('push_notifications').select(['id', 'body']).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    await deliver({ notificationId: notification.id, batch: 0 });
    const body = (push.service.received.at(-1)!.payload as { body: string }).body;
    expect(body).not.toContain('\uFFFD');
    expect(body.endsWith('…')).toBe(true);
    expect(body.length).toBeLessThanOrEqual(255);
    expect(message.startsWith(body.slice(0, -1))).toBe(true);
    expect(body).toBe(`${message.slice(0, 254)}…`);
    expect(notification.body).toBe(body);
  });
});
