import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ScreenKey } from '../../shared/auth/roles.ts';
import { requireConsoleActor, requireScreen } from '../auth/access.ts';

/** The console screen a REST route belongs to, or 'console' for any console user. */
export type RouteScreen = ScreenKey | 'console';

declare module 'fastify' {
  interface FastifyContextConfig {
    screen?: RouteScreen;
  }
  interface FastifyInstance {
    /** Every REST route that needs a console role, with its screen (tests walk this list). */
    adminRoutes: Array<{ method: string; url: string; screen: RouteScreen }>;
  }
}

/** Paths that only the console calls; a route here without a screen is a startup error. */
const ADMIN_PATH = /^\/(api\/(v2\/)?admin|v2\/coupons)(\/|$)/;

/**
 * Checks roles from the one table in shared/: a route declares `config.screen`, and a
 * role that the side bar hides that screen from gets 403 before the handler runs.
 */
async function adminAccess(app: FastifyInstance): Promise<void> {
  app.decorate('adminRoutes', []);
  app.addHook('onRoute', (route: RouteOptions) => {
    const screen = (route.config as { screen?: RouteScreen } | undefined)?.screen;
    if (!screen) {
      if (ADMIN_PATH.test(route.url)) {
        throw new Error(`${route.method} ${route.url} is an admin route without config.screen`);
      }
      return;
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.adminRoutes.push({ method, url: route.url, screen });
    }
    const check = async (request: FastifyRequest) => {
      if (screen === 'console') await requireConsoleActor(request.ctx);
      else await requireScreen(request.ctx, screen);
    };
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [check, ...existing];
  });
}

export default fp(adminAccess, { name: 'admin-access' });
