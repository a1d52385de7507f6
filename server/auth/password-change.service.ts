import type { z } from 'zod';
import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import type { changePasswordInputSchema } from '../../shared/auth/auth.schema.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { consumeRateLimit } from '../rate-limit/rate-limit.service.ts';
import { requireActor } from '../access/access.ts';
import * as repo from './auth.repository.ts';
import { sessionExpiry } from './auth.service.ts';
import { passwordChangeFailureRule } from './auth.limits.ts';
import { hashPassword, verifyPassword } from './password.ts';

/**
 * The signed-in user changes their own password. The current password must be given (a
 * session left open on a shared computer is not enough), and wrong ones are limited. Every
 * session of the account ends, since one of them may be why the password is being changed;
 * this browser continues in a fresh session, so the user stays signed in here. A change made with
 * an app's bearer token ends that token too (no cookie is handed to an app): the app signs in
 * again with the new password.
 */
export async function changePassword(ctx: RequestContext, input: z.output<typeof changePasswordInputSchema>): Promise<{ status: 'success' }> {
  const actor = await requireActor(ctx);
  const user = await repo.findUserById(ctx.db, actor.id);
  if (!user) throw new AppError('unauthenticated', MESSAGES.sessionExpired);
  const checkedHash = user.password_hash;
  if (!checkedHash) throw new AppError('validation', MESSAGES.noPasswordToChange);

  // Taken before the check so that simultaneous guesses are counted exactly; given back unless wrong.
  const attempt = await consumeRateLimit(ctx.db, passwordChangeFailureRule(user.id));
  if (!(await verifyPassword(checkedHash, input.currentPassword))) {
    throw new AppError('validation', MESSAGES.currentPasswordWrong);
  }
  await attempt.release();

  const newHash = await hashPassword(input.newPassword);
  const keepCookie = actor.credential === 'cookie';
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const sessionVersion = await repo.replacePassword(trx, { userId: user.id, checkedHash, newHash });
    // Changed by another request since it was checked: the password given is no longer the current one.
    if (sessionVersion === undefined) return undefined;
    if (!keepCookie) return { sessionId: null, sessionVersion };
    const sessionId = await repo.createSession(trx, {
      userId: user.id,
      sessionVersion,
      expiresAt: sessionExpiry(ctx),
      userAgent: ctx.userAgent,
      ipAddress: ctx.ip,
    });
    return { sessionId, sessionVersion };
  });
  if (!changed) throw new AppError('validation', MESSAGES.currentPasswordWrong);
  if (changed.sessionId) ctx.session.establish({ sessionId: changed.sessionId, userId: user.id, sessionVersion: changed.sessionVersion });
  return { status: 'success' };
}
