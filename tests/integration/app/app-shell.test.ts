import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { createTestDatabase } from '../../support/test-database.ts';
import { buildTestApp, testConfig } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: [] });
let consoleApp: FastifyInstance;

beforeAll(async () => {
  // The built console is served only by an app given its folder, which test apps are not.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'psc-console-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>PSC Console</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  const config = testConfig();
  consoleApp = await buildApp({ config, storage: createStorage(config), db: harness.db, pool: harness.database.pool, logger: false, consoleDir: dir });
});
afterAll(async () => {
  await consoleApp?.close();
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await harness.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await harness.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('is not ready on a database without the migrations', async () => {
    // The app's start-up on a database of its own whose migrations are gone, not on the file's shared one.
    const empty = await createTestDatabase();
    await empty.db.schema.dropTable('kysely_migration').execute();
    const unready = await buildTestApp(empty);
    try {
      const response = await unready.inject('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ type: 'unavailable' });
      expect(response.json().message).toMatch(/^Migrations not applied yet: 202611211300_users_and_sessions/);
    } finally {
      await unready.close();
      await empty.drop();
    }
  });
});

describe('OpenAPI', () => {
  it('describes every REST route under /api', async () => {
    const document = (await harness.app.inject('/api/openapi.json')).json();
    expect(document.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([route, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
      ),
    );
    for (const expected of [
      'POST /api/auth/register',
      'POST /api/auth/login',
      'POST /api/auth/recovery/initiate',
      'POST /api/auth/recovery/recovery-channel',
      'POST /api/auth/recovery/otp-verification',
      'POST /api/auth/recovery/execute',
      'POST /api/auth/social-authentication',
      'GET /api/auth/logout',
      'GET /api/auth/me',
      'GET /api/app/settings',
    ]) {
      expect(documented, expected).toContain(expected);
    }
    const login = document.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['emailAddress', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(JSON.stringify(document.paths)).not.toContain('/trpc');
  });

  it('lists every registered /api route in the document', async () => {
    const document = (await harness.app.inject('/api/openapi.json')).json();
    const routes = harness.app.printRoutes({ commonPrefix: false });
    const apiPaths = [...routes.matchAll(/(\/api\/[^\s(]+) \(([^)]+)\)/g)]
      .map(([, route]) => route!)
      .filter((route) => !route.startsWith('/api/docs') && route !== '/api/openapi.json');
    expect(apiPaths.length).toBeGreaterThanOrEqual(10);
    for (const route of apiPaths) {
      const openapiPath = route.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(Object.keys(document.paths), route).toContain(openapiPath);
    }
  });

  it('serves a browsable page at /api/docs', async () => {
    const response = await harness.app.inject('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('the console and unknown paths', () => {
  it('serves index.html for client-side routes and a JSON 404 for unknown API paths', async () => {
    const page = await consoleApp.inject('/admin/videos/lectures/abc');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>PSC Console</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await consoleApp.inject('/assets/app-1234.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await consoleApp.inject('/trpc/nothing.here')).statusCode).toBe(404);
    for (const url of ['/api/nothing-here', '/api']) {
      const response = await consoleApp.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found', type: 'not-found' });
    }
  });

  it('sends security headers', async () => {
    const response = await consoleApp.inject('/auth/login');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
