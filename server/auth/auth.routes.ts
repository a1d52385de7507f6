import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import {
  changePasswordInputSchema,
  currentUserSchema,
  loginInputSchema,
  otpVerificationInputSchema,
  recoveryChannelInputSchema,
  recoveryExecuteInputSchema,
  recoveryInitiateInputSchema,
  recoveryOptionSchema,
  registerInputSchema,
  socialAuthInputSchema,
} from '../../shared/auth/auth.schema.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import { isCrossSite, signsInWithBearerOnly } from '../plugins/same-origin.ts';
import { AppError } from '../errors.ts';
import * as auth from './auth.service.ts';
import { changePassword } from './password-change.service.ts';
import * as recovery from './recovery.service.ts';
import { acceptInviteInputSchema, invitationSchema, inviteTokenInputSchema } from '../../shared/auth/accounts.schema.ts';
import { acceptInvite, checkInvite } from './invite-acceptance.service.ts';

const errors = errorResponses(400, 401, 403, 429);
const authRoute = routeOptions(['auth'], errors);
/** Sign-in, registration, recovery and invitations answer callers without a session. */
const publicAuthRoute = routeOptions(['auth'], errors, { public: true });
const statusSchema = <T extends string>(value: T) => z.object({ status: z.literal(value) });

/** The REST compatibility routes of sign-in and recovery, as the student apps call them. */
export const authRoutes: DomainRoutes = async (app, { app: context }) => {
  app.post(
    '/api/auth/register',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Create a student account and sign in',
        body: registerInputSchema,
        response: { 201: currentUserSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await auth.register(request.ctx, request.body)),
  );

  app.post(
    '/api/auth/login',
    publicAuthRoute({
      summary: 'Sign in with e-mail address and password',
      description: 'Sets the session cookie. A wrong address or password answers 401.',
      body: loginInputSchema,
      ok: currentUserSchema,
    }),
    async (request) => auth.login(request.ctx, request.body),
  );

  app.post(
    '/api/auth/social-authentication',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token',
        description: 'Answers 501 when Google sign-in is not configured on the server.',
        body: socialAuthInputSchema,
        response: { 200: currentUserSchema, 501: errorBodySchema, 503: errorBodySchema, ...errors },
      },
    },
    async (request) => auth.socialAuthenticate(request.ctx, request.body),
  );

  const logoutSchema = {
    tags: ['auth'],
    summary: 'Sign out: the session ends and its cookie (or the bearer token the request carries) stops working everywhere',
    response: { 200: statusSchema('success'), ...errors },
  };
  // Signing out without a session is not an error: it answers success.
  app.get('/api/auth/logout', { config: { public: true }, schema: logoutSchema }, async (request) => {
    // A GET that changes state: refuse it when a browser says another site sent it (unless it signs in with a bearer token alone).
    if (isCrossSite(request, context.config.publicOrigin) && !(await signsInWithBearerOnly(request)))
      throw new AppError('forbidden', 'Cross-site requests are not allowed');
    return auth.logout(request.ctx);
  });
  app.post('/api/auth/logout', { config: { public: true }, schema: logoutSchema }, async (request) => auth.logout(request.ctx));

  app.get('/api/auth/me', authRoute({ summary: 'The signed-in user', ok: currentUserSchema }), async (request) => auth.me(request.ctx));

  app.post(
    '/api/auth/change-password',
    authRoute({
      summary: "Change the signed-in user's password",
      description:
        'Checks `currentPassword`; `newPassword` needs at least 5 characters and `confirmPassword` must repeat it. ' +
        'Every other session of the account ends; this one continues with a new session cookie. ' +
        'A wrong current password answers 400; five wrong ones in 15 minutes answer 429.',
      body: changePasswordInputSchema,
      ok: statusSchema('success'),
    }),
    async (request) => changePassword(request.ctx, request.body),
  );

  app.post(
    '/api/auth/recovery/initiate',
    publicAuthRoute({
      summary: 'Step 1 of recovery: look up the account and list its recovery options (masked)',
      body: recoveryInitiateInputSchema,
      ok: z.object({ isValid: z.boolean(), options: z.array(recoveryOptionSchema) }),
    }),
    async (request) => recovery.initiate(request.ctx, request.body),
  );

  app.post(
    '/api/auth/recovery/recovery-channel',
    publicAuthRoute({
      summary: 'Step 2: send a 6-digit code through the chosen option',
      description:
        'Send back the options as received, with `challenge` (the full e-mail address or phone number) on the chosen one. ' +
        'Calling again replaces the code (at most every 30 seconds). The code expires after 10 minutes.',
      body: recoveryChannelInputSchema,
      ok: z.object({ otpToken: z.string() }),
    }),
    async (request) => recovery.sendCode(request.ctx, request.body),
  );

  app.post(
    '/api/auth/recovery/otp-verification',
    publicAuthRoute({ summary: 'Step 3: check the code; five wrong codes burn the token', body: otpVerificationInputSchema, ok: statusSchema('valid') }),
    async (request) => recovery.verifyCode(request.ctx, request.body),
  );

  app.post(
    '/api/auth/recovery/execute',
    publicAuthRoute({
      summary: 'Step 4: set the new password; every session of the account ends',
      body: recoveryExecuteInputSchema,
      ok: statusSchema('success'),
    }),
    async (request) => recovery.resetPassword(request.ctx, request.body),
  );

  app.post(
    '/api/auth/invites/check',
    publicAuthRoute({
      summary: 'Whom a staff invitation link invites (the token from the link, after #)',
      description: 'A used, expired or unknown link answers 400 saying which; a disabled account 403.',
      body: inviteTokenInputSchema,
      ok: invitationSchema,
    }),
    async (request) => checkInvite(request.ctx, request.body),
  );

  app.post(
    '/api/auth/invites/accept',
    publicAuthRoute({
      summary: "Set an invited staff member's first password; the link then stops working",
      body: acceptInviteInputSchema,
      ok: z.object({ status: z.literal('success'), emailAddress: z.string() }),
    }),
    async (request) => acceptInvite(request.ctx, request.body),
  );
};
