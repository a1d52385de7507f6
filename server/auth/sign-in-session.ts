import { hasConsoleAccess } from '../../shared/auth/roles.ts';
import { recordAudit } from '../audit/audit-writer.ts';
import type { RequestContext } from '../context.ts';
import type { UserRow } from '../db/types.ts';
import { accountTitle } from './account-title.ts';
import * as repo from './auth.repository.ts';

/** How an account signed in: with its password or with Google, for a cookie or a bearer token. */
export interface SignInWay {
  method: 'password' | 'google';
  session: 'cookie' | 'bearer';
}

/**
 * Starts the session of a sign-in. A staff member's (an account holding a console role) is written
 * to the audit log with the session, in one transaction; a student's sign-in is not recorded.
 */
export async function createSignInSession(
  ctx: RequestContext,
  user: UserRow,
  session: Omit<repo.NewSession, 'userId' | 'sessionVersion' | 'userAgent' | 'ipAddress'>,
  way: SignInWay,
): Promise<string> {
  const values = { ...session, userId: user.id, sessionVersion: user.session_version, userAgent: ctx.userAgent, ipAddress: ctx.ip };
  if (!hasConsoleAccess(user.roles)) return repo.createSession(ctx.db, values);
  return ctx.db.transaction().execute(async (trx) => {
    const sessionId = await repo.createSession(trx, values);
    await recordAudit(
      trx,
      { actor: { id: user.id, name: user.name, roles: user.roles }, ip: ctx.ip || null },
      {
        action: 'sign-in',
        resourceType: 'account',
        resourceId: user.id,
        title: accountTitle(user),
        changes: { method: { from: null, to: way.method }, session: { from: null, to: way.session } },
      },
    );
    return sessionId;
  });
}
