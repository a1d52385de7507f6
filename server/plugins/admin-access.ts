import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ABILITIES, type Ability, type ScreenKey } from '../../shared/auth/roles.ts';
import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import { AppError } from '../errors.ts';
import { requireConsoleActor, requireScreen } from '../access/access.ts';

/** The console screen a REST route belongs to, or 'console' for any console user. */
export type RouteScreen = ScreenKey | 'console';

declare module 'fastify' {
  interface FastifyContextConfig {
    screen?: RouteScreen;
    /** An action within the screen that only some of its roles may take. */
    ability?: Ability;
  }
  interface FastifyInstance {
    /** Every REST route that needs a console role, with its screen (tests walk this list). */
    adminRoutes: Array<{ method: string; url: string; screen: RouteScreen; ability?: Ability }>;
  }
}

const SCOPE_SCREEN = Symbol('domain screen');
type Scoped = FastifyInstance & { [SCOPE_SCREEN]?: ScreenKey | null };

/**
 * Marks a plugin scope as one screen's: its routes that declare no screen of their own belong to it.
 * Plugins registered inside the scope inherit it.
 */
export function domainScope(scope: FastifyInstance, screen: ScreenKey | null): void {
  (scope as Scoped)[SCOPE_SCREEN] = screen;
}

function screenOfScope(instance: FastifyInstance): ScreenKey | undefined {
  return (instance as Scoped)[SCOPE_SCREEN] ?? undefined;
}

/** Paths that only the console calls; a route here without a screen is a startup error. */
const ADMIN_PATH = /^\/(api\/(v2\/)?admin|v2\/coupons)(\/|$)/;

/**
 * Checks roles from the one table in shared/: an admin route belongs to its domain's screen (or
 * declares `config.screen` itself), and a role that the side bar hides that screen from gets 403
 * before the handler runs.
 */
async function adminAccess(app: FastifyInstance): Promise<void> {
  app.decorate('adminRoutes', []);
  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    const declared = (route.config ?? {}) as { screen?: RouteScreen; ability?: Ability };
    const { ability } = declared;
    const screen = declared.screen ?? screenOfScope(this);
    if (!screen) {
      if (ADMIN_PATH.test(route.url)) {
        throw new Error(`${route.method} ${route.url} is an admin route without config.screen`);
      }
      return;
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.adminRoutes.push({ method, url: route.url, screen, ...(ability ? { ability } : {}) });
    }
    const check = async (request: FastifyRequest) => {
      const actor = screen === 'console' ? await requireConsoleActor(request.ctx) : await requireScreen(request.ctx, screen);
      if (ability && !ABILITIES[ability](actor.roles)) throw new AppError('forbidden', MESSAGES.actionForbidden);
    };
    // Before the body is read or validated: a caller without the role learns nothing and uploads nothing.
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [check, ...existing];
  });
}

export default fp(adminAccess, { name: 'admin-access' });
