import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../../../shared/comments/comments.schema.ts';
import { waitUntilWaiting } from '../../support/pg-activity.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');
let counter = 0;

beforeAll(async () => {
  await createUser(harness.db, { name: 'Staff', roles: ['educator'] });
});

async function lecture(card: string | null = null) {
  return (
    await harness.db
      .insertInto('lectures')
      .values({ title: `Talked about ${++counter}`, is_published: true, is_visible: true, master_subscription_id: card })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function student(name = 'Asha') {
  counter += 1;
  const user = await createUser(harness.db, { email: `discuss${counter}@example.com`, name, phone: `98472${String(counter).padStart(5, '0')}` });
  return { id: user.id, cookie: await harness.signIn(`discuss${counter}@example.com`) };
}

/** The hits counted against a student's writing limit. */
async function writes(userId: string): Promise<number> {
  const row = await harness.db.selectFrom('rate_limits').select('hits').where('key', '=', `comments:${userId}`).executeTakeFirst();
  return row?.hits ?? 0;
}

/**
 * Deletes the comment in a transaction kept open while `during` runs its request up to the point
 * where it waits on the deleted row, then commits the delete and answers the request's outcome.
 */
async function whileDeleting(commentId: string, during: () => Promise<{ statusCode: number; json(): { message?: string } }>) {
  const client = await harness.database.pool.connect();
  try {
    await client.query('begin');
    await client.query('delete from comments where id = $1', [commentId]);
    const answer = during();
    await waitUntilWaiting(harness.db, '%comment%');
    await client.query('commit');
    return await answer;
  } finally {
    client.release();
  }
}

describe('who reads a discussion', () => {
  it('refuses the discussion of a paid lecture to a student who may not watch it, exactly as writing is refused, and shows it once they may', async () => {
    const card = (await harness.db.insertInto('subscriptions').values({ title: 'Paid lectures' }).returning('id').executeTakeFirstOrThrow()).id;
    const paid = await lecture(card);
    const buyer = await student('Buyer');
    await harness.db
      .insertInto('entitlements')
      .values({ user_id: buyer.id, subscription_id: card, starts_at: new Date(Date.now() - 60_000) })
      .execute();
    expect((await harness.injectWith(buyer.cookie)('POST', `/api/student/lectures/${paid}/comments`, { message: 'For buyers' })).statusCode).toBe(200);

    const browser = await student('Browser');
    const written = await harness.injectWith(browser.cookie)('POST', `/api/student/lectures/${paid}/comments`, { message: 'Let me in' });
    const read = await harness.injectWith(browser.cookie)('GET', `/api/student/lectures/${paid}/comments`);
    expect(written.statusCode).toBe(403);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual(written.json());
    expect(read.json().message).toBe(COMMENT_MESSAGES.notEntitled);
    expect(read.body).not.toContain('For buyers');

    await harness.db
      .insertInto('entitlements')
      .values({ user_id: browser.id, resource_type: 'lecture', resource_id: paid, starts_at: new Date(Date.now() - 60_000) })
      .execute();
    const opened = await harness.injectWith(browser.cookie)('GET', `/api/student/lectures/${paid}/comments`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().items.map((comment: { message: string }) => comment.message)).toEqual(['For buyers']);
  });

  it('answers an unknown or unpublished lecture with 404 to readers as to writers', async () => {
    const reader = await student();
    const hidden = (await harness.db.insertInto('lectures').values({ title: 'Draft', is_published: false }).returning('id').executeTakeFirstOrThrow()).id;
    for (const id of [hidden, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const read = await harness.injectWith(reader.cookie)('GET', `/api/student/lectures/${id}/comments`);
      expect(read.statusCode, id).toBe(404);
      expect(read.json().message).toBe(COMMENT_MESSAGES.lectureNotFound);
    }
  });

  it('gives students no account id of anyone: their own messages are marked isMine', async () => {
    const lectureId = await lecture();
    const [asker, answerer] = [await student('Asker'), await student('Answerer')];
    const asked = await harness.injectWith(asker.cookie)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'Which article?' });
    expect(asked.json()).toMatchObject({ isMine: true, displayName: 'Asker' });
    expect(asked.body).not.toContain(asker.id);
    const answered = await harness.injectWith(answerer.cookie)('POST', `/api/student/comments/${asked.json()._id}/replies`, { message: 'Article 21' });
    expect(answered.json()).toMatchObject({ isMine: true, displayName: 'Answerer' });
    expect(answered.body).not.toContain(answerer.id);
    await asAdmin('POST', `/api/admin/comments/reply/${asked.json()._id}`, { resourceId: lectureId, message: 'Right', name: 'Staff' });

    const page = await harness.injectWith(answerer.cookie)('GET', `/api/student/lectures/${lectureId}/comments`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(asker.id);
    expect(page.body).not.toContain(answerer.id);
    const [comment] = page.json().items;
    expect(comment).not.toHaveProperty('user');
    expect(comment).toMatchObject({ displayName: 'Asker', isMine: false });
    expect(comment.replies.map((reply: { displayName: string; isMine: boolean }) => [reply.displayName, reply.isMine])).toEqual([
      ['Answerer', true],
      ['Staff', false],
    ]);
    // Staff still see who wrote it.
    const staffView = (await asAdmin('GET', `/api/admin/comments/lecture/${lectureId}`)).json();
    expect(staffView[0].user._id).toBe(asker.id);
  });
});

describe('writing while a comment is deleted', () => {
  it('answers a reply to a comment deleted meanwhile with 404 "Comment not found", and the reply costs nothing against the limit', async () => {
    const lectureId = await lecture();
    const [asker, replier] = [await student('Asker'), await student('Replier')];
    for (let round = 0; round < 3; round += 1) {
      const comment = (await harness.injectWith(asker.cookie)('POST', `/api/student/lectures/${lectureId}/comments`, { message: `Question ${round}` })).json();
      const before = await writes(replier.id);
      const answer = await whileDeleting(comment._id, () =>
        harness.injectWith(replier.cookie)('POST', `/api/student/comments/${comment._id}/replies`, { message: 'Too late' }),
      );
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(COMMENT_MESSAGES.notFound);
      expect(await writes(replier.id)).toBe(before);
    }
    expect(await harness.db.selectFrom('comment_replies').select('id').where('message', '=', 'Too late').execute()).toEqual([]);
  });

  it('answers a staff reply, and a student’s edit of a reply, to a comment deleted meanwhile with 404', async () => {
    const lectureId = await lecture();
    const writer = await student('Writer');
    const first = (await harness.injectWith(writer.cookie)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'Staff, please' })).json();
    const staff = await whileDeleting(first._id, () =>
      asAdmin('POST', `/api/admin/comments/reply/${first._id}`, { resourceId: lectureId, message: 'Here', name: 'Staff' }),
    );
    expect(staff.statusCode).toBe(404);
    expect(staff.json().message).toBe(COMMENT_MESSAGES.notFound);

    const second = (await harness.injectWith(writer.cookie)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'Another' })).json();
    const reply = (await harness.injectWith(writer.cookie)('POST', `/api/student/comments/${second._id}/replies`, { message: 'My reply' })).json();
    const before = await writes(writer.id);
    const edit = await whileDeleting(second._id, () =>
      harness.injectWith(writer.cookie)('PUT', `/api/student/comments/${second._id}/replies/${reply._id}`, { message: 'My reply, edited' }),
    );
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe(COMMENT_MESSAGES.replyNotFound);
    expect(await writes(writer.id)).toBe(before);
  });
});

describe('the writing limit', () => {
  it('holds 10 messages in any 10 minutes: the end of a fixed window gives no fresh ten, and each place comes back as its message turns 10 minutes old', async () => {
    const lectureId = await lecture();
    const writer = await student('Fast');
    for (let i = 0; i < 10; i += 1)
      expect((await harness.injectWith(writer.cookie)('POST', `/api/student/lectures/${lectureId}/comments`, { message: `Message ${i}` })).statusCode).toBe(
        200,
      );
    // As if the ten had been written just before a ten-minute window closed.
    await harness.db
      .updateTable('rate_limits')
      .set({ reset_at: sql<Date>`now() - interval '1 second'` })
      .where('key', '=', `comments:${writer.id}`)
      .execute();
    const refused = await harness.injectWith(writer.cookie)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'Just after the edge' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(COMMENT_MESSAGES.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);

    // The first two are now ten minutes old: two places, no more.
    await sql`update rate_limits set hit_times = array(select t - case when n <= 2 then interval '10 minutes' else interval '9 minutes' end from unnest(hit_times) with ordinality as h(t, n) order by 1)
      where key = ${`comments:${writer.id}`}`.execute(harness.db);
    expect((await harness.injectWith(writer.cookie)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'Room again' })).statusCode).toBe(200);
    expect((await harness.injectWith(writer.cookie)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'And again' })).statusCode).toBe(200);
    const full = await harness.injectWith(writer.cookie)('POST', `/api/student/lectures/${lectureId}/comments`, { message: 'One too many' });
    expect(full.statusCode).toBe(429);
    expect(Number(full.headers['retry-after'])).toBeGreaterThanOrEqual(55);
    expect(Number(full.headers['retry-after'])).toBeLessThanOrEqual(61);
  });
});
