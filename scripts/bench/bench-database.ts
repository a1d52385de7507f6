import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, type Db, openDatabase } from '../../server/db/database.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

export interface BenchDatabase {
  /** A throw-away folder (the embedded server's data is in it) removed by `close`. */
  scratch: string;
  databaseUrl: string;
  handle: DatabaseHandle;
  /** Closes the pool, stops the embedded server and removes its data. */
  close(): Promise<void>;
}

/** The migrated database a benchmark runs on: DATABASE_URL's, or a throw-away embedded PostgreSQL. */
export async function openBenchDatabase(poolSize: number): Promise<BenchDatabase> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'psc-bench-'));
  // The embedded server may run as another user (postgres under root): it must reach its data.
  chmodSync(scratch, 0o755);
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: scratch, databaseName: 'bench' });
  const databaseUrl = process.env.DATABASE_URL ?? embedded!.url;
  const handle = openDatabase(databaseUrl, poolSize);
  const database: BenchDatabase = {
    scratch,
    databaseUrl,
    handle,
    async close() {
      await handle.close();
      await embedded?.stop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
  try {
    await migrateToLatest(handle.db, handle.pool);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** A console administrator the benchmark signs in as. */
export function insertBenchAdmin(db: Db, email: string, passwordHash: string) {
  return db
    .insertInto('users')
    .values({ name: 'Bench Admin', email_address: email, password_hash: passwordHash, roles: ['admin'] })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Signs in through the product's login route and answers the session cookie. */
export async function signIn(base: string, email: string, password = 'bench-pass'): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress: email, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (login.status !== 200 || !cookie) throw new Error(`bench sign-in failed: ${login.status} ${await login.text()}`);
  return cookie;
}

/** Signs in for a bearer token and returns the Authorization header to send afterwards. */
export async function signInForToken(base: string, email: string, password = 'bench-pass'): Promise<string> {
  const answer = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress: email, password }),
  });
  if (answer.status !== 200) throw new Error(`bench token sign-in failed: ${answer.status} ${await answer.text()}`);
  const { accessToken } = (await answer.json()) as { accessToken: string };
  return `Bearer ${accessToken}`;
}

/** The value at percentile `p` of numbers sorted ascending (NaN when there are none). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
