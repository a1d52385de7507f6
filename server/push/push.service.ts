import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  COMPOSER_LIMITS,
  payloadBytes,
  PUSH_MESSAGES,
  type pushSubscriptionInputSchema,
  type sendNotificationInputSchema,
  type PushPayload,
  type SentNotification,
} from '../../shared/push/push.schema.ts';
import { fitPushText } from '../../shared/push/push-text.rules.ts';
import { indianMobile } from '../../shared/validation/phone.rules.ts';
import { requireActor } from '../access/access.ts';
import type { Config } from '../config.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { PushNotificationsTable, PushTargetType } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { enqueue } from '../jobs/enqueue.ts';
import { retryOnConflict } from '../db/retry.ts';
import { auditBy, recordAudit, type AuditBy } from '../audit/audit-writer.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { consumeRateLimit } from '../rate-limit/rate-limit.service.ts';
import { endpointAllowed } from './push-endpoints.ts';
import { isAuthSecret, isP256PublicKey, sameAuthSecret } from './push-keys.ts';
import { MAX_DEVICES_PER_STUDENT, registrationRule } from './push-subscription.limits.ts';
import {
  assignSubscription,
  deleteDevicesBeyond,
  deleteSubscriptionOf,
  insertSubscription,
  lockAccountDevices,
  lockedSubscriptionByEndpoint,
} from './push-subscriptions.repository.ts';
import { insertDeliveries, insertNotification, latestNotifications, setTargeted } from './push-notifications.repository.ts';
import { accountWithMobile, findCourseTitle, hasSubscription, targetHasSubscription, type PushTarget } from './push-targets.repository.ts';

/** Subscriptions one worker job sends to. */
export const PUSH_BATCH_SIZE = 250;

/**
 * POST /api/student/push-subscriptions: registers this device for the signed-in account.
 *
 * The same endpoint again from the same account is the same row, with the keys it brings (browsers
 * rotate them). An endpoint another account holds moves only for a caller that proves it holds the
 * device, by the same auth secret (compared in constant time); otherwise 409, and nothing changes.
 * An account keeps its 10 most recently registered devices: the account is locked first, so two
 * registrations at once cannot leave 11. Keys are checked before anything is stored: p256dh must be
 * a point on P-256, or every push to it would fail.
 */
export async function registerSubscription(ctx: RequestContext, input: z.output<typeof pushSubscriptionInputSchema>): Promise<{ _id: string }> {
  const actor = await requireActor(ctx);
  if (!endpointAllowed(input.endpoint, ctx.config.PUSH_ENDPOINT_HOSTS))
    throw new AppError('validation', PUSH_MESSAGES.endpointNotAllowed, { field: 'endpoint' });
  if (!isP256PublicKey(input.keys.p256dh)) throw new AppError('validation', PUSH_MESSAGES.p256dhInvalid, { field: 'keys.p256dh' });
  if (!isAuthSecret(input.keys.auth)) throw new AppError('validation', PUSH_MESSAGES.authInvalid, { field: 'keys.auth' });
  // Counted before the endpoint is looked up: a refusal that says an endpoint is taken is an answer worth limiting.
  await consumeRateLimit(ctx.db, registrationRule(actor.id));
  const id = await retryOnConflict(() =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccountDevices(trx, actor.id);
      let registered: string | undefined;
      // A new endpoint inserted by another registration in the meantime is found on the next round.
      for (let round = 0; round < 3 && !registered; round += 1) {
        const existing = await lockedSubscriptionByEndpoint(trx, input.endpoint);
        if (existing) {
          if (existing.user_id !== actor.id && !sameAuthSecret(existing.auth, input.keys.auth))
            throw new AppError('conflict', PUSH_MESSAGES.endpointTaken, { field: 'endpoint' });
          await assignSubscription(trx, existing.id, actor.id, input.keys);
          registered = existing.id;
        } else {
          registered = await insertSubscription(trx, actor.id, input.endpoint, input.keys);
        }
      }
      if (!registered) throw new AppError('conflict', PUSH_MESSAGES.endpointTaken, { field: 'endpoint' });
      await deleteDevicesBeyond(trx, actor.id, registered, MAX_DEVICES_PER_STUDENT);
      return registered;
    }),
  );
  return { _id: id };
}

/** DELETE /api/student/push-subscriptions: the app stops notifications on this device. */
export async function removeSubscription(ctx: RequestContext, { endpoint }: { endpoint: string }): Promise<{ removed: number }> {
  const actor = await requireActor(ctx);
  return { removed: await deleteSubscriptionOf(ctx.db, actor.id, endpoint) };
}

export interface NotificationRequest {
  title: string;
  body: string;
  imageUrl?: string | null | undefined;
  clickAction?: string | null | undefined;
  resourceType?: string | null | undefined;
  resourceId?: string | null | undefined;
  data?: Record<string, string>;
  targetType: PushTargetType;
  targetPhoneNumber?: string | null | undefined;
  /** The account itself, when the server knows it (a reply to a student's comment). */
  targetUserId?: string;
  groupTargets?: ReadonlyArray<'lakshya-students' | 'purchased-users'>;
  /** The course whose students it goes to (target type course). */
  courseId?: string | null | undefined;
  createdBy: string | null;
}

/** A target no subscription is in is refused, not sent to nobody: staff would otherwise believe the students were told. */
async function resolveTarget(db: Db, request: NotificationRequest): Promise<PushTarget> {
  if (request.targetType === 'everyone') {
    const target: PushTarget = { type: 'everyone' };
    if (!(await targetHasSubscription(db, target))) throw new AppError('validation', PUSH_MESSAGES.nobodySubscribed, { field: 'targetType' });
    return target;
  }
  if (request.targetType === 'group') {
    if (!request.groupTargets?.length) throw new AppError('validation', PUSH_MESSAGES.groupRequired, { field: 'groupTargets' });
    const target: PushTarget = { type: 'group', groups: request.groupTargets };
    if (!(await targetHasSubscription(db, target))) throw new AppError('validation', PUSH_MESSAGES.groupNotSubscribed, { field: 'groupTargets' });
    return target;
  }
  if (request.targetType === 'course') {
    if (!request.courseId) throw new AppError('validation', PUSH_MESSAGES.courseRequired, { field: 'courseId' });
    const course = await findCourseTitle(db, request.courseId);
    if (!course) throw new AppError('validation', PUSH_MESSAGES.courseNotFound, { field: 'courseId' });
    const target: PushTarget = { type: 'course', courseId: course.id };
    if (!(await targetHasSubscription(db, target))) throw new AppError('validation', PUSH_MESSAGES.courseNotSubscribed(course.title), { field: 'courseId' });
    return target;
  }
  if (request.targetUserId) {
    if (!(await hasSubscription(db, request.targetUserId))) throw new AppError('validation', PUSH_MESSAGES.studentNotSubscribed);
    return { type: 'specific-user', userId: request.targetUserId };
  }
  const typed = request.targetPhoneNumber?.trim() ?? '';
  if (!typed) throw new AppError('validation', PUSH_MESSAGES.phoneRequired, { field: 'targetPhoneNumber' });
  const mobile = indianMobile(typed);
  if (!mobile) throw new AppError('validation', PUSH_MESSAGES.noAccount(typed), { field: 'targetPhoneNumber' });
  // A verified number first; then any account written with it.
  const user = await accountWithMobile(db, mobile);
  if (!user) throw new AppError('validation', PUSH_MESSAGES.noAccount(mobile), { field: 'targetPhoneNumber' });
  if (!(await hasSubscription(db, user.id))) throw new AppError('validation', PUSH_MESSAGES.noSubscription(mobile), { field: 'targetPhoneNumber' });
  return { type: 'specific-user', userId: user.id };
}

/** The columns of a notification that its payload carries. */
type PayloadColumns = Pick<
  Selectable<PushNotificationsTable>,
  'id' | 'title' | 'body' | 'image_url' | 'click_action' | 'resource_type' | 'resource_id' | 'data'
>;

export function payloadOf(notification: PayloadColumns): PushPayload {
  return {
    notificationId: notification.id,
    title: notification.title,
    body: notification.body,
    image: notification.image_url,
    clickAction: notification.click_action,
    resourceType: notification.resource_type,
    resourceId: notification.resource_id,
    data: notification.data,
  };
}

/**
 * Sends a notification: the title and body cut to 100 and 255 characters (see fitPushText); refused
 * before anything is sent when push is off, the payload is too large
 * or the target cannot be reached; otherwise records it with one delivery per subscription of the
 * target (chosen in SQL) and queues the worker jobs that send them, a few hundred each, all in one
 * transaction, with its audit entry when staff send it (`by`).
 */
export async function sendNotification(
  deps: { db: Db; config: Config },
  fullRequest: NotificationRequest,
  by: AuditBy | null = null,
): Promise<{ notificationId: string; targeted: number }> {
  if (!deps.config.vapid) throw new AppError('not-configured', PUSH_MESSAGES.notConfigured);
  // A text the server wrote (a reply to a comment) may be longer than a push holds: cut on a character boundary.
  const request = { ...fullRequest, title: fitPushText(fullRequest.title, COMPOSER_LIMITS.title), body: fitPushText(fullRequest.body, COMPOSER_LIMITS.body) };
  const sized = payloadBytes(
    payloadOf({
      id: '00000000-0000-0000-0000-000000000000',
      title: request.title,
      body: request.body,
      image_url: request.imageUrl ?? null,
      click_action: request.clickAction ?? null,
      resource_type: request.resourceType ?? null,
      resource_id: request.resourceId ?? null,
      data: request.data ?? {},
    }),
  );
  if (!sized.fits) throw new AppError('validation', PUSH_MESSAGES.tooLarge(sized.bytes), { field: 'body' });
  const target = await resolveTarget(deps.db, request);
  return deps.db.transaction().execute(async (trx) => {
    const notificationId = await insertNotification(trx, {
      title: request.title,
      body: request.body,
      image_url: request.imageUrl || null,
      click_action: request.clickAction || null,
      resource_type: request.resourceType || null,
      resource_id: request.resourceId || null,
      data: JSON.stringify(request.data ?? {}),
      target_type: request.targetType,
      target_phone: request.targetType === 'specific-user' ? (request.targetPhoneNumber ?? null) : null,
      group_targets: request.targetType === 'group' ? [...(request.groupTargets ?? [])] : [],
      target_course_id: target.type === 'course' ? target.courseId : null,
      created_by: request.createdBy,
    });
    const { targeted, batches } = await insertDeliveries(trx, notificationId, target, PUSH_BATCH_SIZE);
    await setTargeted(trx, notificationId, targeted);
    for (let batch = 0; batch < batches; batch += 1) {
      await enqueue(trx, 'push-batch', { notificationId, batch }, { keyId: `${notificationId}:${batch}`, maxAttempts: 6 });
    }
    if (by) {
      await recordAudit(trx, by, {
        action: 'send',
        resourceType: 'notification',
        resourceId: notificationId,
        title: request.title,
        changes: changedFields(null, {
          title: request.title,
          body: request.body,
          imageUrl: request.imageUrl || null,
          clickAction: request.clickAction || null,
          resourceType: request.resourceType || null,
          resourceId: request.resourceId || null,
          data: request.data ?? {},
          targetType: request.targetType,
          targetPhoneNumber: request.targetType === 'specific-user' ? (request.targetPhoneNumber ?? null) : null,
          targetUserId: target.type === 'specific-user' ? target.userId : null,
          groupTargets: request.targetType === 'group' ? [...(request.groupTargets ?? [])] : [],
          targetCourseId: target.type === 'course' ? target.courseId : null,
          targeted,
        }),
      });
    }
    return { notificationId, targeted };
  });
}

/** POST /api/admin/notifications/send: the composer's request, from staff. */
export async function composeAndSend(ctx: RequestContext, input: z.output<typeof sendNotificationInputSchema>) {
  const by = await auditBy(ctx);
  const data = Object.fromEntries(
    [
      ['lectureId', input.lectureId],
      ['subjectId', input.subjectId],
      ['url', input.linkUrl],
    ].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  return sendNotification(
    ctx,
    {
      title: input.title,
      body: input.body,
      imageUrl: input.imageUrl,
      clickAction: input.clickAction,
      resourceType: input.resourceType,
      resourceId: input.resourceID,
      data,
      targetType: input.targetType,
      targetPhoneNumber: input.targetPhoneNumber,
      groupTargets: input.groupTargets,
      courseId: input.courseId,
      createdBy: by.actor?.id ?? null,
    },
    by,
  );
}

/** GET /api/admin/notifications/sent: the latest notifications with their counts. */
export async function listSent(ctx: AppContext, { limit }: { limit: number }): Promise<SentNotification[]> {
  const rows = await latestNotifications(ctx.db, limit);
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    body: row.body,
    targetType: row.target_type,
    targetPhoneNumber: row.target_phone,
    groupTargets: row.group_targets,
    targetCourse: row.target_course_id && row.target_course_title !== null ? { _id: row.target_course_id, title: row.target_course_title } : null,
    resourceType: row.resource_type,
    resourceID: row.resource_id,
    targeted: row.targeted,
    delivered: row.delivered,
    gone: row.gone,
    failed: row.failed,
    pending: Number(row.pending ?? 0),
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  }));
}
