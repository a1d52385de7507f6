import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStorage } from '../../server/assets/storage/index.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type pg from 'pg';
import type { Db } from '../../server/db/database.ts';
import { hashPassword } from '../../server/auth/password.ts';

export const TEST_SECRET = 'test-session-secret-of-at-least-32-characters';

/** One data directory (local file storage) per test file. */
let dataDir: string | undefined;
export function testDataDir(): string {
  dataDir ??= mkdtempSync(path.join(os.tmpdir(), 'psc-test-data-'));
  return dataDir;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SECRET,
    DATA_DIR: testDataDir(),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export async function buildTestApp(
  database: { db: Db; pool: pg.Pool },
  options: { env?: Record<string, string>; plugins?: BuildAppOptions['plugins'] } = {},
): Promise<FastifyInstance> {
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    storage: createStorage(config),
    db: database.db,
    pool: database.pool,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    consoleDir: null,
    ...(options.plugins ? { plugins: options.plugins } : {}),
  });
  await app.ready();
  return app;
}

let counter = 0;

export async function createUser(db: Db, user: { email?: string; password?: string; roles?: string[]; name?: string; phone?: string | null } = {}) {
  counter += 1;
  return db
    .insertInto('users')
    .values({
      name: user.name ?? `User ${counter}`,
      email_address: (user.email ?? `user${counter}-${Date.now()}@example.com`).toLowerCase(),
      phone_number: user.phone ?? null,
      password_hash: await hashPassword(user.password ?? 'secret1'),
      roles: user.roles ?? [],
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The Cookie header that sends back the session cookie a response set, or undefined. */
export function sessionCookieOf(response: { cookies: Array<{ name: string; value: string }> }): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'psc_session');
  return cookie && cookie.value !== '' ? `psc_session=${encodeURIComponent(cookie.value)}` : undefined;
}

/** Signs in through the REST route and returns the Cookie header to send afterwards. */
export async function signIn(app: FastifyInstance, emailAddress: string, password = 'secret1'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailAddress, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}
