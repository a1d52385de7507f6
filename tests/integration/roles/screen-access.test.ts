import { describe, expect, it } from 'vitest';
import { ABILITIES, canSeeScreen, SCREENS, type ScreenKey } from '../../../shared/auth/roles.ts';
import { buildApp } from '../../../server/app.ts';
import { createStorage } from '../../../server/assets/storage/index.ts';
import type { RequestContext } from '../../../server/context.ts';
import { router, screenProcedure } from '../../../server/trpc/trpc.ts';
import { appRouter } from '../../../server/router.ts';
import { testConfig } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const ROLES = ['admin', 'staff', 'marketing', 'manager'] as const;
const SCREEN_KEYS = Object.keys(SCREENS) as ScreenKey[];

// One probe route per screen, declared the way every admin route of the product is.
const harness = useApp({
  roles: [...ROLES, 'student'],
  plugins: [
    async (instance) => {
      for (const screen of SCREEN_KEYS) {
        instance.get(`/api/admin/__probe/${screen}`, { config: { screen } }, async () => ({ screen }));
      }
    },
  ],
});

describe('every admin REST route', () => {
  it('answers 401 signed out, 403 to students and 403 to each role the side bar hides its screen from', async () => {
    expect(harness.app.adminRoutes.length).toBeGreaterThanOrEqual(SCREEN_KEYS.length);
    for (const route of harness.app.adminRoutes) {
      const url = route.url.replace(/:([A-Za-z]+)/g, '00000000-0000-4000-8000-000000000000');
      const call = (cookie?: string) =>
        harness.injectWith(cookie)(route.method as 'GET', url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {}, {
          'content-type': 'application/json',
        });
      const anonymous = await call();
      expect(anonymous.statusCode, `${route.method} ${route.url} signed out`).toBe(401);
      const student = await call(harness.cookie('student'));
      expect(student.statusCode, `${route.method} ${route.url} as student`).toBe(403);
      expect(student.json().message).toBe('This account cannot use the admin console');
      for (const role of ROLES) {
        const answer = await call(harness.cookie(role));
        const allowed = (route.screen === 'console' || canSeeScreen([role], route.screen)) && (!route.ability || ABILITIES[route.ability]([role]));
        if (allowed) {
          expect([401, 403], `${route.method} ${route.url} as ${role}`).not.toContain(answer.statusCode);
        } else {
          expect(answer.statusCode, `${route.method} ${route.url} as ${role}`).toBe(403);
          const seesScreen = route.screen === 'console' || canSeeScreen([role], route.screen);
          expect(answer.json()).toEqual({
            message: seesScreen ? 'Your role does not allow this action' : 'Your role does not allow access to this screen',
            type: 'forbidden',
          });
        }
      }
    }
  });

  it("puts every REST route of a screen's domain behind that screen, whatever its path", () => {
    const screens = new Map(harness.app.adminRoutes.map((route) => [`${route.method} ${route.url}`, route.screen]));
    // Console calls kept at the paths the old console used, outside /api/admin.
    expect(screens.get('POST /api/exams/copy/campus')).toBe('exams');
    expect(screens.get('POST /api/exams/upload/spreadsheet')).toBe('exams');
    expect(screens.get('GET /api/exams/download/sample/spreadsheet')).toBe('exams');
    expect(screens.get('PUT /api/admin/lecture/:id')).toBe('videos');
    expect(screens.get('GET /api/admin/assets/process/video/queue/pull')).toBe('processQueue');
    // The student apps' routes of the same domain are not console routes.
    expect([...screens.keys()].filter((route) => route.includes('/api/student/'))).toEqual([]);
  });

  it('refuses to start when an admin route declares no screen', async () => {
    await expect(
      buildApp({
        config: testConfig(),
        storage: createStorage(testConfig()),
        db: harness.db,
        pool: harness.database.pool,
        logger: false,
        plugins: [
          async (instance) => {
            instance.get('/api/admin/forgotten', async () => ({}));
          },
        ],
      }),
    ).rejects.toThrow('GET /api/admin/forgotten is an admin route without config.screen');
  });
});

describe('tRPC screen procedures', () => {
  const probeRouter = router(Object.fromEntries(SCREEN_KEYS.map((screen) => [screen, screenProcedure(screen).query(() => screen)])));
  const contextFor = (roles: string[] | null) =>
    ({
      log: harness.app.log,
      actor: async () => (roles ? { id: 'u', name: 'U', roles, phoneNumber: null, emailAddress: null, sessionId: 's', credential: 'cookie' as const } : null),
      authState: async () => (roles ? 'signed-in' : 'signed-out'),
    }) as unknown as RequestContext;

  it('refuse roles the side bar hides the screen from', async () => {
    for (const roles of [...ROLES.map((role) => [role]), [], null]) {
      const caller = probeRouter.createCaller({ ...contextFor(roles), setHeader: () => {} });
      for (const screen of SCREEN_KEYS) {
        const procedure = caller[screen as keyof typeof caller] as () => Promise<unknown>;
        const allowed = roles !== null && roles.length > 0 && canSeeScreen(roles, screen);
        const refusal = roles === null ? 'UNAUTHORIZED' : 'FORBIDDEN';
        if (allowed) await expect(procedure()).resolves.toBe(screen);
        else await expect(procedure(), `${screen} as ${JSON.stringify(roles)}`).rejects.toMatchObject({ code: refusal });
      }
    }
  });

  // Console procedures are grouped by domain; only these namespaces serve signed-out users and students.
  const OPEN_NAMESPACES = ['app.', 'auth.', 'student.'];

  it('declares its screen on every console procedure of the product', () => {
    const procedures = Object.entries(
      (appRouter as unknown as { _def: { procedures: Record<string, { _def: { meta?: { screen?: string } } }> } })._def.procedures,
    );
    expect(procedures.length).toBeGreaterThan(0);
    for (const [path, procedure] of procedures) {
      if (!OPEN_NAMESPACES.some((prefix) => path.startsWith(prefix))) {
        expect(procedure._def.meta?.screen, path).toBeDefined();
      }
    }
  });
});
