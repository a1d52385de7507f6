import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { BuildAppOptions } from '../../server/app.ts';
import type { OpenDatabaseOptions } from '../../server/db/database.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { buildTestApp, createUser, signIn } from './test-app.ts';
import { closedAfterFile, startedForFile } from './file-hooks.ts';

/** Who a request comes from: a signed-in person of a role (`<role>@example.com`; the student has none) or nobody. */
export type Role = 'admin' | 'staff' | 'marketing' | 'manager' | 'educator' | 'student' | 'nobody';
export type SignedInRole = Exclude<Role, 'nobody'>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** One request to the app; a body left undefined sends none. */
export type Request = (method: Method, url: string, body?: unknown, headers?: Record<string, string | undefined>) => Promise<LightMyRequestResponse>;

export interface AppOptions {
  /** Environment over the test defaults; a function when it comes from a stand-in started in an earlier hook. */
  env?: Record<string, string> | (() => Record<string, string>);
  plugins?: BuildAppOptions['plugins'];
  /** The people signed in as the app starts, in this order (default: the administrator). */
  roles?: SignedInRole[];
  /** Display names for those people, where a test reads them. */
  names?: Partial<Record<SignedInRole, string>>;
  poolSize?: number;
  database?: OpenDatabaseOptions;
  /** Runs on the fresh database before the app is built: the settings the app reads as it starts. */
  beforeStart?: (database: TestDatabase) => Promise<void>;
}

export interface AppHarness {
  database: TestDatabase;
  db: TestDatabase['db'];
  app: FastifyInstance;
  /** The Cookie header of a role signed in through `roles`. */
  cookie(role: SignedInRole): string;
  /** The id of a role's user signed in through `roles`. */
  userId(role: SignedInRole): string;
  injectAs(role: Role): Request;
  /** Requests with a Cookie header of a person signed in later (none when undefined or null). */
  injectWith(cookie: string | null | undefined): Request;
  signIn(emailAddress: string, password?: string): Promise<string>;
  /** A second app on the same database with other settings (closed with the first), for tests that compare two. */
  buildAnother(options?: { env?: Record<string, string>; plugins?: BuildAppOptions['plugins'] }): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export const roleEmail = (role: SignedInRole) => `${role}@example.com`;

function requestWith(app: FastifyInstance, cookie: string | null | undefined): Request {
  return (method, url, body, headers = {}) =>
    app.inject({
      method,
      url,
      headers: cookie === undefined || cookie === null ? headers : { cookie, ...headers },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
}

/** A fresh database of this file's own, the app on it, and the people of `roles` signed in. */
export async function startApp(options: AppOptions = {}): Promise<AppHarness> {
  const database = await createTestDatabase(options.poolSize, options.database);
  let app: FastifyInstance | undefined;
  try {
    await options.beforeStart?.(database);
    const env = typeof options.env === 'function' ? options.env() : options.env;
    const built = await buildTestApp(database, { ...(env ? { env } : {}), ...(options.plugins ? { plugins: options.plugins } : {}) });
    app = built;
    const people = new Map<SignedInRole, { id: string; cookie: string }>();
    for (const role of options.roles ?? ['admin']) {
      const name = options.names?.[role];
      const user = await createUser(database.db, { email: roleEmail(role), roles: role === 'student' ? [] : [role], ...(name === undefined ? {} : { name }) });
      people.set(role, { id: user.id, cookie: await signIn(built, roleEmail(role)) });
    }
    const person = (role: SignedInRole) => {
      const found = people.get(role);
      if (!found) throw new Error(`no ${role} is signed in: name the role in the harness's roles`);
      return found;
    };
    const cookie = (role: SignedInRole) => person(role).cookie;
    const others: FastifyInstance[] = [];
    return {
      database,
      db: database.db,
      app: built,
      cookie,
      userId: (role) => person(role).id,
      injectAs: (role) => requestWith(built, role === 'nobody' ? undefined : cookie(role)),
      injectWith: (sessionCookie) => requestWith(built, sessionCookie),
      signIn: (emailAddress, password) => signIn(built, emailAddress, password),
      async buildAnother(another = {}) {
        const other = await buildTestApp(database, another);
        others.push(other);
        return other;
      },
      async close() {
        await built.close();
        for (const other of others) await other.close();
        await database.drop();
      },
    };
  } catch (error) {
    await app?.close();
    await database.drop();
    throw error;
  }
}

/**
 * The app of this test file: started before its tests and closed after them. What it returns can be
 * named at the top of the file; its parts are there once the file's hooks have started it.
 */
export function useApp(options: AppOptions = {}): AppHarness {
  const current = closedAfterFile(() => startApp(options), 'the app starts');
  return {
    get database() {
      return current().database;
    },
    get db() {
      return current().db;
    },
    get app() {
      return current().app;
    },
    cookie: (role) => current().cookie(role),
    userId: (role) => current().userId(role),
    injectAs:
      (role) =>
      (...args) =>
        current().injectAs(role)(...args),
    injectWith:
      (cookie) =>
      (...args) =>
        current().injectWith(cookie)(...args),
    signIn: (emailAddress, password) => current().signIn(emailAddress, password),
    buildAnother: (another) => current().buildAnother(another),
    close: () => current().close(),
  };
}

/**
 * A database of this test file's own without the app, for tests of queries, jobs and scripts:
 * created before the file's tests and dropped after them. Its fields are there once the hooks ran.
 */
export function useDatabase(options: { poolSize?: number; database?: OpenDatabaseOptions } = {}): TestDatabase {
  const current = startedForFile(
    () => createTestDatabase(options.poolSize, options.database),
    (started) => started.drop(),
    'the database is created',
  );
  return new Proxy({} as TestDatabase, {
    get(_target, key) {
      return Reflect.get(current(), key);
    },
  });
}
