import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { buildTestApp, createUser, signIn } from './test-app.ts';

export interface AdminApp {
  database: TestDatabase;
  app: FastifyInstance;
  /** The session cookie of admin@example.com. */
  admin: string;
}

/** A fresh database, the app on it, and a signed-in administrator: what most route tests start from. */
export async function startAdminApp(options: { env?: Record<string, string> } = {}): Promise<AdminApp> {
  const database = await createTestDatabase();
  const app = await buildTestApp(database, options);
  await createUser(database.db, { email: 'admin@example.com', roles: ['admin'] });
  return { database, app, admin: await signIn(app, 'admin@example.com') };
}

export async function stopAdminApp(started: Partial<AdminApp>): Promise<void> {
  await started.app?.close();
  await started.database?.drop();
}
