import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import { canSeeScreen, hasConsoleAccess, type ScreenKey } from '../../shared/auth/roles.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Actor } from './actor.ts';

type AccessContext = Pick<RequestContext, 'actor' | 'authState'>;

export async function requireActor(ctx: AccessContext): Promise<Actor> {
  const actor = await ctx.actor();
  if (actor) return actor;
  const state = await ctx.authState();
  throw new AppError('unauthenticated', state === 'expired' ? MESSAGES.sessionExpired : MESSAGES.signInRequired);
}

/**
 * True when the actor may act as staff: a console role, signed in with the console's cookie. A
 * bearer token (the apps') never opens a console operation, whatever roles its account holds.
 */
export function actsForConsole(actor: Actor): boolean {
  return actor.credential === 'cookie' && hasConsoleAccess(actor.roles);
}

/** A signed-in user holding admin, staff, marketing or manager, with the console's cookie. */
export async function requireConsoleActor(ctx: AccessContext): Promise<Actor> {
  const actor = await requireActor(ctx);
  if (actsForConsole(actor)) return actor;
  throw new AppError('forbidden', actor.credential === 'bearer' ? MESSAGES.consoleNeedsCookie : MESSAGES.consoleAccessRequired);
}

/** A console user whose roles let them see the given screen of the side bar. */
export async function requireScreen(ctx: AccessContext, screen: ScreenKey): Promise<Actor> {
  const actor = await requireConsoleActor(ctx);
  if (!canSeeScreen(actor.roles, screen)) throw new AppError('forbidden', MESSAGES.screenForbidden);
  return actor;
}
