import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import {
  pushSubscriptionInputSchema,
  removePushSubscriptionInputSchema,
  sendNotificationInputSchema,
  sentNotificationSchema,
  sentNotificationsExportQuerySchema,
  sentNotificationsQuerySchema,
} from '../../shared/push/push.schema.ts';
import { exportRoutes } from '../exports/export-routes.ts';
import { exportSentNotifications } from './sent-notifications-export.ts';
import { AppError } from '../errors.ts';
import { PUSH_MESSAGES } from '../../shared/push/push.schema.ts';
import * as push from './push.service.ts';

const errors = errorResponses(400, 401, 403, 409, 501);
const admin = routeOptions(['notifications'], errors);

/** The composer and the sent-notifications list (the Notifications screen's roles). */
export const pushAdminRoutes: DomainRoutes = async (app) => {
  app.post(
    '/api/admin/notifications/send',
    admin({
      summary: "Send a push notification: the composer's request",
      description:
        'targetType specific-user (targetPhoneNumber: an account with that number that has allowed notifications), everyone, group (groupTargets lakshya-students and/or purchased-users), or course (courseId: the students entitled to that course; refused when none of them has allowed notifications). clickAction open_link needs linkUrl (http or https), which the app finds in the payload as data.url. The payload may be at most 3,993 bytes. Answers how many subscriptions it goes to; the worker sends it.',
      body: sendNotificationInputSchema,
      ok: z.object({ notificationId: z.string(), targeted: z.number() }),
    }),
    async (request) => push.composeAndSend(request.ctx, request.body),
  );
  app.get(
    '/api/admin/notifications/sent',
    admin({
      summary: 'The latest push notifications sent, with their counts (targeted, delivered, gone, failed, pending)',
      querystring: sentNotificationsQuerySchema,
      ok: z.array(sentNotificationSchema),
    }),
    async (request) => push.listSent(request.ctx, request.query),
  );
  exportRoutes(app, {
    path: '/api/admin/notifications/sent/export',
    tags: ['notifications'],
    holds: 'Push notifications sent',
    querystring: sentNotificationsExportQuerySchema,
    open: exportSentNotifications,
  });
};

/** The student apps' push subscriptions, and the key they subscribe with. */
export const pushStudentRoutes: DomainRoutes = async (app) => {
  const tags = ['student push'];
  const student = routeOptions(tags, errors);
  app.get(
    '/api/push/vapid-public-key',
    {
      // A public key, which an app may fetch before its user signs in.
      config: { public: true },
      schema: {
        tags,
        summary: 'The VAPID public key the apps subscribe with (applicationServerKey)',
        response: { 200: z.object({ publicKey: z.string() }), 501: errorBodySchema },
      },
    },
    async (request) => {
      const vapid = request.ctx.config.vapid;
      if (!vapid) throw new AppError('not-configured', PUSH_MESSAGES.notConfigured);
      return { publicKey: vapid.publicKey };
    },
  );
  app.post(
    '/api/student/push-subscriptions',
    {
      schema: {
        tags,
        summary: "Register this device's push subscription (PushSubscription.toJSON()); the same endpoint again is the same row",
        description:
          'keys.p256dh must be an uncompressed P-256 point (65 bytes, base64url) and keys.auth 16 bytes (base64url); otherwise 400 naming the field. An endpoint registered to another account moves to this one only with the same keys.auth (the device itself registering again); otherwise 409 and nothing changes. The same account may register new keys for its endpoint. An account keeps its 10 most recently registered devices (another registration replaces the least recently registered), and may register 30 times an hour (then 429 with Retry-After).',
        body: pushSubscriptionInputSchema,
        response: { 200: z.object({ _id: z.string() }), ...errors, 429: errorBodySchema },
      },
    },
    async (request) => push.registerSubscription(request.ctx, request.body),
  );
  app.delete(
    '/api/student/push-subscriptions',
    student({ summary: "Remove this device's push subscription", body: removePushSubscriptionInputSchema, ok: z.object({ removed: z.number() }) }),
    async (request) => push.removeSubscription(request.ctx, request.body),
  );
};
