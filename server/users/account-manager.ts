import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import { canManageAccounts } from '../../shared/auth/roles.ts';
import type { RequestContext } from '../context.ts';
import { requireScreen } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import { AppError } from '../errors.ts';

/** The administrator making a change in Users: other roles get 403, whichever door they came in by. */
export async function requireAccountManager(ctx: RequestContext): Promise<Actor> {
  const actor = await requireScreen(ctx, 'users');
  if (!canManageAccounts(actor.roles)) throw new AppError('forbidden', MESSAGES.actionForbidden);
  return actor;
}
