import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COMMENTS_PAGE_SIZE, COMMENT_MESSAGES } from '../../../shared/comments/comments.schema.ts';
import { PUSH_MESSAGES } from '../../../shared/push/push.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { usePushApp } from '../../support/push-app.ts';

let counter = 0;

const { push, harness, deliver } = usePushApp();
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
beforeAll(async () => {
  // Staff write as educators (the author is chosen from the educators list).
  for (const name of ['Dr. Meera', 'Staff']) await createUser(harness.db, { name, roles: ['educator'] });
});

/** A published lecture, free (no rate card) unless a card is given. */
async function lecture(card: string | null = null) {
  return (
    await harness.db
      .insertInto('lectures')
      .values({ title: `Discussed ${++counter}`, is_published: true, is_visible: true, master_subscription_id: card })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function student(name = 'Anu') {
  counter += 1;
  await createUser(harness.db, { email: `talk${counter}@example.com`, name, phone: `98471${String(counter).padStart(5, '0')}` });
  return harness.signIn(`talk${counter}@example.com`);
}

describe('discussions', () => {
  it('a student comments (staff get an alert); staff reply and the student gets a push "{name} - replied to you"', async () => {
    const lectureId = await lecture();
    const anu = await student('Anu');
    expect((await harness.injectWith(anu)('POST', '/api/student/push-subscriptions', push.service.subscribe())).statusCode).toBe(200);
    const written = await harness.injectWith(anu)('POST', `/api/student/lectures/${lectureId}/comments`, { message: '  What is Article 21?  ' });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ message: 'What is Article 21?', displayName: 'Anu', isMine: true, isAdministrator: false });
    const alerts = (await asAdmin('GET', '/api/admin/notifications?search=Anu commented')).json();
    expect(alerts.alerts[0]).toMatchObject({ data: { resourceType: 'lecture', resourceId: lectureId } });

    const replied = await asAdmin('POST', `/api/admin/comments/reply/${written.json()._id}`, {
      resourceType: 'lecture',
      resourceId: lectureId,
      message: 'Protection of life and personal liberty.',
      name: 'Dr. Meera',
      isAdministrator: true,
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().notification).toEqual({ sent: true, message: null });
    const notification = await harness.db.selectFrom('push_notifications').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    await deliver({ notificationId: notification.id, batch: 0 });
    expect(push.service.received.at(-1)!.payload).toMatchObject({
      title: 'Dr. Meera - replied to you',
      body: 'Protection of life and personal liberty.',
      clickAction: 'open_lecture',
      resourceType: 'lecture',
      resourceId: lectureId,
    });

    const listed = (await asAdmin('GET', `/api/admin/comments/lecture/${lectureId}`)).json();
    expect(listed[0].replies).toEqual([expect.objectContaining({ displayName: 'Dr. Meera', isAdministrator: true })]);
  });

  it('keeps a reply when the student has not allowed notifications, and says why', async () => {
    const lectureId = await lecture();
    const biju = await student('Biju');
    const comment = (await harness.injectWith(biju)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'Doubt' })).json();
    const replied = (await asAdmin('POST', `/api/admin/comments/reply/${comment._id}`, { resourceId: lectureId, message: 'Answer', name: 'Staff' })).json();
    expect(replied.notification).toEqual({ sent: false, message: PUSH_MESSAGES.studentNotSubscribed });
    expect((await asAdmin('GET', `/api/admin/comments/lecture/${lectureId}`)).json()[0].replies).toHaveLength(1);
  });

  it('staff comments default to administrator and visible; hidden ones are not shown to students; pinned first', async () => {
    const lectureId = await lecture();
    const older = (
      await asAdmin('POST', '/api/admin/comments', {
        displayName: 'Dr. Meera',
        message: 'Read chapter 3 first',
        resourceType: 'lecture',
        resourceId: lectureId,
      })
    ).json();
    expect(older).toMatchObject({ isAdministrator: true, isVisible: true, isPinned: false });
    const hidden = (
      await asAdmin('POST', '/api/admin/comments', { displayName: 'Staff', message: 'Internal note', resourceId: lectureId, isVisible: false })
    ).json();
    await asAdmin('POST', '/api/admin/comments', { displayName: 'Staff', message: 'Newest', resourceId: lectureId });
    await asAdmin('PUT', `/api/admin/comments/${older._id}`, {
      displayName: 'Dr. Meera',
      message: 'Read chapter 3 first',
      resourceId: lectureId,
      isPinned: true,
      isVisible: true,
    });
    const reader = await student();
    const page = (await harness.injectWith(reader)('GET', `/api/student/lectures/${lectureId}/comments`)).json();
    expect(page.items.map((comment: { message: string }) => comment.message)).toEqual(['Read chapter 3 first', 'Newest']);
    expect(page.total).toBe(2);
    expect((await asAdmin('GET', `/api/admin/comments/lecture/${lectureId}`)).json().map((comment: { _id: string }) => comment._id)).toContain(hidden._id);
    expect((await harness.injectWith(reader)('POST', `/api/student/comments/${hidden._id}/replies`, { message: 'hi' })).statusCode).toBe(404);
  });

  it('refuses students who may not watch the lecture, long or empty messages, other people’s messages, and too many', async () => {
    const card = (await harness.db.insertInto('subscriptions').values({ title: 'Paid card' }).returning('id').executeTakeFirstOrThrow()).id;
    const paid = await lecture(card);
    const free = await lecture();
    const [me, other] = [await student(), await student()];
    const refused = await harness.injectWith(me)('POST', `/api/student/lectures/${paid}/comments`, { message: 'Can I?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMMENT_MESSAGES.notEntitled);
    expect((await harness.injectWith(me)('POST', `/api/student/lectures/${free}/comments`, { message: 'x'.repeat(2001) })).json().message).toBe(
      COMMENT_MESSAGES.messageTooLong,
    );
    expect((await harness.injectWith(me)('POST', `/api/student/lectures/${free}/comments`, { message: '   ' })).json().message).toBe(
      COMMENT_MESSAGES.messageRequired,
    );
    const mine = (await harness.injectWith(me)('POST', `/api/student/lectures/${free}/comments`, { message: 'Mine' })).json();
    expect((await harness.injectWith(other)('PUT', `/api/student/comments/${mine._id}`, { message: 'Hacked' })).statusCode).toBe(403);
    expect((await harness.injectWith(other)('DELETE', `/api/student/comments/${mine._id}`)).statusCode).toBe(403);
    expect((await harness.injectWith(me)('PUT', `/api/student/comments/${mine._id}`, { message: 'Mine, edited' })).json()).toEqual({ status: 'saved' });
    // 'Mine' and its edit are two of the ten messages in ten minutes.
    for (let i = 0; i < 8; i += 1)
      expect((await harness.injectWith(me)('POST', `/api/student/lectures/${free}/comments`, { message: `Quick ${i}` })).statusCode).toBe(200);
    const tooMany = await harness.injectWith(me)('POST', `/api/student/lectures/${free}/comments`, { message: 'One more' });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe(COMMENT_MESSAGES.tooMany);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(60);
    expect((await harness.injectWith(me)('PUT', `/api/student/comments/${mine._id}`, { message: 'Swapped once the limit is reached' })).statusCode).toBe(429);
    expect((await harness.injectWith(me)('DELETE', `/api/student/comments/${mine._id}`)).json()).toEqual({ status: 'deleted' });
    expect((await asNobody('GET', `/api/student/lectures/${free}/comments`)).statusCode).toBe(401);
  });

  it('the moderation inbox lists student comments across lectures, newest first, and those no staff answered', async () => {
    const [first, second] = [await lecture(), await lecture()];
    const writer = await student('Inbox Writer');
    const answered = (await harness.injectWith(writer)('POST', `/api/student/lectures/${first}/comments`, { message: 'Answered question' })).json();
    await harness.injectWith(writer)('POST', `/api/student/lectures/${second}/comments`, { message: 'Open question' });
    await asAdmin('POST', '/api/admin/comments', { displayName: 'Staff', message: 'Staff note (not in the inbox)', resourceId: second });
    await asAdmin('POST', `/api/admin/comments/reply/${answered._id}`, { resourceId: first, message: 'Here', name: 'Staff' });
    const all = (await asAdmin('GET', '/api/admin/discussions')).json();
    expect(all.comments.slice(0, 2).map((comment: { message: string; hasStaffReply: boolean }) => [comment.message, comment.hasStaffReply])).toEqual([
      ['Open question', false],
      ['Answered question', true],
    ]);
    expect(all.comments.map((comment: { message: string }) => comment.message)).not.toContain('Staff note (not in the inbox)');
    const open = (await asAdmin('GET', '/api/admin/discussions?unanswered=yes')).json();
    expect(open.comments.map((comment: { message: string }) => comment.message)).toContain('Open question');
    expect(open.comments.map((comment: { message: string }) => comment.message)).not.toContain('Answered question');
    expect(open.comments[0]).toHaveProperty('lectureTitle');
    expect((await asAdmin('GET', '/api/admin/discussions?unanswered=maybe')).statusCode).toBe(400);
  });

  it('edits and deletes staff replies and comments, and refuses unknown ids', async () => {
    const lectureId = await lecture();
    const comment = (await asAdmin('POST', '/api/admin/comments', { displayName: 'Staff', message: 'Hello', resourceId: lectureId })).json();
    const reply = (await asAdmin('POST', `/api/admin/comments/reply/${comment._id}`, { resourceId: lectureId, message: 'First', name: 'Staff' })).json().reply;
    expect(
      (
        await asAdmin('PUT', `/api/admin/comments/reply/${comment._id}/${reply._id}`, {
          message: 'First, edited',
          displayName: 'Dr. Meera',
          isAdministrator: false,
        })
      ).json(),
    ).toMatchObject({ message: 'First, edited', isAdministrator: false });
    expect((await asAdmin('DELETE', `/api/admin/comments/reply/${comment._id}/${reply._id}`)).json()).toEqual({ status: 'deleted' });
    expect((await asAdmin('DELETE', `/api/admin/comments/reply/${comment._id}/${reply._id}`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/api/admin/comments/${comment._id}`)).json()).toEqual({ status: 'deleted' });
    expect((await asAdmin('GET', '/api/admin/comments/lecture/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/comments', { displayName: '', message: 'x', resourceId: lectureId })).json().message).toBe(
      COMMENT_MESSAGES.authorRequired,
    );
  });
  it('counts a student’s edits against the writing limit and tells staff what the text became; an unchanged edit changes nothing', async () => {
    const lectureId = await lecture();
    const name = `Editor ${Date.now().toString(36)}`;
    const writer = await student(name);
    const { id: writerId } = await harness.db.selectFrom('users').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    const hits = async () =>
      (await harness.db.selectFrom('rate_limits').select('hits').where('key', '=', `comments:${writerId}`).executeTakeFirstOrThrow()).hits;
    const comment = (await harness.injectWith(writer)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'A fair question' })).json();
    const reply = (await harness.injectWith(writer)('POST', `/api/student/comments/${comment._id}/replies`, { message: 'A fair follow-up' })).json();
    const alertsAbout = async (text: string) =>
      (await asAdmin('GET', `/api/admin/notifications?search=${encodeURIComponent(text)}`)).json().alerts as Array<{ message: string; data: unknown }>;

    expect((await harness.injectWith(writer)('PUT', `/api/student/comments/${comment._id}`, { message: 'Abusive swap' })).json()).toEqual({ status: 'saved' });
    const [edited] = await alertsAbout(`${name} edited their comment`);
    expect(edited).toMatchObject({ data: { resourceType: 'lecture', resourceId: lectureId } });
    expect(edited!.message).toContain('Abusive swap');
    expect(
      (await harness.injectWith(writer)('PUT', `/api/student/comments/${comment._id}/replies/${reply._id}`, { message: 'Abusive reply swap' })).json(),
    ).toEqual({ status: 'saved' });
    expect((await alertsAbout(`${name} edited their reply`))[0]!.message).toContain('Abusive reply swap');

    expect(await hits()).toBe(4);
    // The same text again (after trimming): no alert, no hit, nothing written.
    expect((await harness.injectWith(writer)('PUT', `/api/student/comments/${comment._id}`, { message: '  Abusive swap ' })).json()).toEqual({
      status: 'saved',
    });
    expect(await alertsAbout(`${name} edited their comment`)).toHaveLength(1);
    expect(await hits()).toBe(4);

    // Comment, reply and two edits are 4 of 10: six more edits reach the limit, the next is refused and not saved.
    for (let i = 0; i < 6; i += 1)
      expect((await harness.injectWith(writer)('PUT', `/api/student/comments/${comment._id}`, { message: `Edit ${i}` })).statusCode).toBe(200);
    const refused = await harness.injectWith(writer)('PUT', `/api/student/comments/${comment._id}`, { message: 'Edit beyond the limit' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(COMMENT_MESSAGES.tooMany);
    expect(refused.headers['retry-after']).toBeDefined();
    const stored = await harness.db.selectFrom('comments').select('message').where('id', '=', comment._id).executeTakeFirstOrThrow();
    expect(stored.message).toBe('Edit 5');
    expect(await alertsAbout('Edit beyond the limit')).toHaveLength(0);
  });

  it('gives the Discussions tab a page of comments at a time, pinned first, and the older ones after the last comment', async () => {
    const lectureId = await lecture();
    const total = ADMIN_COMMENTS_PAGE_SIZE + 5;
    await harness.db
      .insertInto('comments')
      .values(
        Array.from({ length: total }, (_, i) => ({
          lecture_id: lectureId,
          display_name: 'Staff',
          message: `Comment ${i}`,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
          is_pinned: i === 3,
        })),
      )
      .execute();
    const first = await asAdmin('GET', `/api/admin/comments/lecture/${lectureId}`);
    expect(first.statusCode, first.body).toBe(200);
    const firstPage = first.json() as Array<{ _id: string; message: string }>;
    expect(firstPage).toHaveLength(ADMIN_COMMENTS_PAGE_SIZE);
    expect(firstPage.slice(0, 3).map((comment) => comment.message)).toEqual(['Comment 3', `Comment ${total - 1}`, `Comment ${total - 2}`]);
    const second = (await asAdmin('GET', `/api/admin/comments/lecture/${lectureId}?before=${firstPage.at(-1)!._id}`)).json() as Array<{
      _id: string;
      message: string;
    }>;
    expect(second.map((comment) => comment.message)).toEqual(['Comment 5', 'Comment 4', 'Comment 2', 'Comment 1', 'Comment 0']);
    const everyId = new Set([...firstPage, ...second].map((comment) => comment._id));
    expect(everyId.size).toBe(total);
    expect((await asAdmin('GET', `/api/admin/comments/lecture/${lectureId}?before=${second.at(-1)!._id}`)).json()).toEqual([]);
    expect((await asAdmin('GET', `/api/admin/comments/lecture/${lectureId}?before=nope`)).statusCode).toBe(400);
  });

  it('lets staff write only as an educator, and keep the name a comment or reply already has when editing it', async () => {
    const lectureId = await lecture();
    const asStudent = await asAdmin('POST', '/api/admin/comments', {
      displayName: 'Student 2',
      message: 'Pretending',
      isAdministrator: false,
      resourceId: lectureId,
    });
    expect(asStudent.statusCode).toBe(400);
    expect(asStudent.json()).toMatchObject({ message: COMMENT_MESSAGES.authorNotEducator('displayName'), field: 'displayName' });
    const writer = await student('Sreeja');
    const comment = (await harness.injectWith(writer)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'My doubt' })).json();
    const reply = (await harness.injectWith(writer)('POST', `/api/student/comments/${comment._id}/replies`, { message: 'More detail' })).json();
    const badReply = await asAdmin('POST', `/api/admin/comments/reply/${comment._id}`, { resourceId: lectureId, message: 'x', name: 'Sreeja' });
    expect(badReply.statusCode).toBe(400);
    expect(badReply.json().message).toBe(COMMENT_MESSAGES.authorNotEducator('name'));
    // Hiding a student's comment keeps the student's name; changing it to another non-educator is refused.
    expect(
      (
        await asAdmin('PUT', `/api/admin/comments/${comment._id}`, {
          displayName: 'Sreeja',
          message: 'My doubt',
          resourceId: lectureId,
          isAdministrator: false,
          isVisible: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await asAdmin('PUT', `/api/admin/comments/${comment._id}`, {
          displayName: 'Someone else',
          message: 'My doubt',
          resourceId: lectureId,
          isVisible: false,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await asAdmin('PUT', `/api/admin/comments/reply/${comment._id}/${reply._id}`, {
          displayName: 'Sreeja',
          message: 'More detail.',
          isAdministrator: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await asAdmin('PUT', `/api/admin/comments/reply/${comment._id}/${reply._id}`, { displayName: 'Student 2', message: 'More detail.' })).json().message,
    ).toBe(COMMENT_MESSAGES.authorNotEducator('displayName'));
    expect(
      (await asAdmin('PUT', `/api/admin/comments/reply/${comment._id}/${reply._id}`, { displayName: 'Dr. Meera', message: 'More detail.' })).statusCode,
    ).toBe(200);
  });
});
