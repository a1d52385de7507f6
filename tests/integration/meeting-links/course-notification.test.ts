import { describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '../../../shared/push/push.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { usePushApp } from '../../support/push-app.ts';
import { expectRefusals, type Refusal } from '../../support/refusals.ts';
import { countRows } from '../../support/row-count.ts';
import { createCourse, createRateCard } from '../../support/factories/course.ts';
import { grantEntitlement, type EntitlementValues } from '../../support/factories/student.ts';

/** A meeting link announced to the students of one course: the composer's course target. */
let counter = 0;

const { push, harness, deliver } = usePushApp();
const asAdmin = harness.injectAs('admin');

const DAY = 86_400_000;
const send = (body: Record<string, unknown>, cookie = harness.cookie('admin')) => harness.injectWith(cookie)('POST', '/api/admin/notifications/send', body);

/** A student whose phone allowed notifications (a device at the stand-in). */
async function subscribedStudent(phone?: string) {
  counter += 1;
  const user = await createUser(harness.db, { email: `course-push${counter}@example.com`, phone: phone ?? null });
  const cookie = await harness.signIn(user.email_address!);
  const subscription = push.service.subscribe('ok');
  const registered = await harness.injectWith(cookie)('POST', '/api/student/push-subscriptions', subscription);
  expect(registered.statusCode, registered.body).toBe(200);
  return { id: user.id, endpoint: subscription.endpoint };
}

const card = (values: { title: string; is_free?: boolean; free_mode?: 'none' | 'lakshya-students' }) =>
  createRateCard(harness.db, { net_amount: 999, ...values });
const course = (title: string, rateCard: string | null) =>
  createCourse(harness.db, { title, course_rate_card_id: rateCard, is_visible: true, is_published: true });
const grant = (userId: string, values: EntitlementValues) => grantEntitlement(harness.db, userId, values);
const deliveredTo = (notificationId: string) =>
  harness.db
    .selectFrom('push_deliveries as d')
    .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
    .select('s.user_id')
    .where('d.notification_id', '=', notificationId)
    .execute();

describe('notifying the students of a course', () => {
  it('reaches exactly the students entitled to the course, with the link in the payload', async () => {
    const cardId = await card({ title: 'KAS full course' });
    const extraCard = await card({ title: 'KAS + LDC combo' });
    const otherCard = await card({ title: 'LDC only' });
    const kas = await course('KAS Mains 2026', cardId);
    await harness.db.insertInto('course_subscriptions').values({ course_id: kas, subscription_id: extraCard }).execute();
    const ldc = await course('LDC 2026', otherCard);

    const byCourse = await subscribedStudent();
    const byRateCard = await subscribedStudent();
    const byExtraCard = await subscribedStudent();
    const expired = await subscribedStudent();
    const revoked = await subscribedStudent();
    const notYet = await subscribedStudent();
    const otherCourse = await subscribedStudent();
    // Subscribed but holding nothing: not reached.
    await subscribedStudent();
    await grant(byCourse.id, { resource_type: 'course', resource_id: kas, expires_at: new Date(Date.now() + 30 * DAY) });
    await grant(byRateCard.id, { subscription_id: cardId });
    await grant(byExtraCard.id, { subscription_id: extraCard });
    await grant(expired.id, { resource_type: 'course', resource_id: kas, starts_at: new Date(Date.now() - 60 * DAY), expires_at: new Date(Date.now() - DAY) });
    await grant(revoked.id, { subscription_id: cardId, revoked_at: new Date() });
    await grant(notYet.id, { subscription_id: cardId, starts_at: new Date(Date.now() + DAY) });
    await grant(otherCourse.id, { resource_type: 'course', resource_id: ldc });

    const link = await harness.db
      .insertInto('meeting_links')
      .values({
        title: 'KAS live doubt clearing',
        url: 'https://meet.example.com/kas-live',
        start_date: new Date(Date.now() + 3_600_000),
        end_date: new Date(Date.now() + 7_200_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sent = await send({
      title: 'KAS live doubt clearing',
      body: 'Starts at 7 pm: tap to join',
      resourceType: 'Meeting links',
      resourceID: link.id,
      clickAction: 'open_link',
      linkUrl: 'https://meet.example.com/kas-live',
      targetType: 'course',
      courseId: kas,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().targeted).toBe(3);
    const { notificationId } = sent.json() as { notificationId: string };
    expect((await deliveredTo(notificationId)).map((row) => row.user_id).sort()).toEqual([byCourse.id, byRateCard.id, byExtraCard.id].sort());

    const stored = await harness.db.selectFrom('push_notifications').selectAll().where('id', '=', notificationId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      target_type: 'course',
      target_course_id: kas,
      group_targets: [],
      target_phone: null,
      resource_type: 'Meeting links',
      resource_id: link.id,
      click_action: 'open_link',
    });

    expect(await deliver({ notificationId, batch: 0 })).toMatchObject({ delivered: 3, failed: 0 });
    const got = push.service.received.filter((push) => push.payload && (push.payload as { notificationId?: string }).notificationId === notificationId);
    expect(got).toHaveLength(3);
    expect(got[0]!.payload).toMatchObject({
      clickAction: 'open_link',
      resourceType: 'Meeting links',
      resourceId: link.id,
      data: { url: 'https://meet.example.com/kas-live' },
    });

    const listed = (await asAdmin('GET', '/api/admin/notifications/sent')).json() as Array<Record<string, unknown>>;
    expect(listed.find((row) => row._id === notificationId)).toMatchObject({
      targetType: 'course',
      targetCourse: { _id: kas, title: 'KAS Mains 2026' },
      groupTargets: [],
    });
  });

  it('follows free access: a course free for special students reaches the current special students only', async () => {
    const lakshyaFree = await card({ title: 'Lakshya free pack', is_free: true, free_mode: 'lakshya-students' });
    const freeCourse = await course('Lakshya special batch', lakshyaFree);
    const special = await subscribedStudent('9847011111');
    // On the list, but expired: not reached; nor is a student who is not on it, nor one whose number on the list was never verified.
    await subscribedStudent('9847022222');
    await subscribedStudent('9847033333');
    await subscribedStudent('9847044444');
    await harness.db
      .updateTable('users')
      .set({ phone_verified_at: new Date() })
      .where('phone_number', 'in', ['9847011111', '9847022222', '9847033333'])
      .execute();
    await harness.db
      .insertInto('lakshya_students')
      .values([
        { name: 'Current', phone_number: '9847011111' },
        { name: 'Lapsed', phone_number: '9847022222', expiry_date: '2020-01-01' },
        { name: 'Unverified', phone_number: '9847044444' },
      ])
      .execute();
    const sent = await send({
      title: 'Special batch',
      body: 'Tonight',
      clickAction: 'open_link',
      linkUrl: 'https://meet.example.com/s',
      targetType: 'course',
      courseId: freeCourse,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await deliveredTo(sent.json().notificationId)).map((row) => row.user_id)).toEqual([special.id]);
  });

  it('refuses a missing, malformed or unknown course, a course none of whose students can be reached, and an open_link without a web address', async () => {
    const lonely = await course('Course nobody bought', await card({ title: 'Unsold card' }));
    const base = {
      title: 'Live class',
      body: 'Join now',
      resourceType: 'Meeting links',
      clickAction: 'open_link',
      linkUrl: 'https://meet.example.com/x',
      targetType: 'course',
    };
    const cases: Refusal[] = [
      [base, PUSH_MESSAGES.courseRequired, 'courseId'],
      [{ ...base, courseId: null }, PUSH_MESSAGES.courseRequired, 'courseId'],
      [{ ...base, courseId: 'KAS' }, PUSH_MESSAGES.courseNotFound, 'courseId'],
      [{ ...base, courseId: '00000000-0000-4000-8000-000000000000' }, PUSH_MESSAGES.courseNotFound, 'courseId'],
      [{ ...base, courseId: lonely }, PUSH_MESSAGES.courseNotSubscribed('Course nobody bought'), 'courseId'],
      [{ ...base, courseId: lonely, linkUrl: undefined }, PUSH_MESSAGES.linkRequired, 'linkUrl'],
      [{ ...base, courseId: lonely, linkUrl: '' }, PUSH_MESSAGES.linkRequired, 'linkUrl'],
      [{ ...base, courseId: lonely, linkUrl: 'javascript:alert(1)' }, PUSH_MESSAGES.linkInvalid, 'linkUrl'],
      [{ ...base, courseId: lonely, linkUrl: 'meet.example.com/x' }, PUSH_MESSAGES.linkInvalid, 'linkUrl'],
      [{ ...base, targetType: 'batch' }, 'targetType is specific-user, everyone, group or course', 'targetType'],
    ];
    const before = await countRows(harness.db, 'push_notifications');
    await expectRefusals(send, cases);
    expect(await countRows(harness.db, 'push_notifications')).toBe(before);
  });

  it('is refused to roles that may not send notifications', async () => {
    const manager = await createUser(harness.db, { roles: ['manager'] });
    const answer = await send(
      { title: 'T', body: 'B', targetType: 'course', courseId: '00000000-0000-4000-8000-000000000000' },
      await harness.signIn(manager.email_address!),
    );
    expect(answer.statusCode).toBe(403);
  });
});
