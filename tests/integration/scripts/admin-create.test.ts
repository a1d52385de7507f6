import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES } from '../../../shared/auth/accounts.schema.ts';
import { verifyPassword } from '../../../server/auth/password.ts';
import { ensureFirstAdministrator } from '../../../server/users/users.service.ts';
import { useDatabase } from '../../support/app-harness.ts';
import { createTestDatabase } from '../../support/test-database.ts';
import { createUser } from '../../support/test-app.ts';

const run = promisify(execFile);
const database = useDatabase();

function adminCreate(...args: string[]) {
  return run(process.execPath, ['scripts/admin-create.ts', ...args], {
    env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(32) },
  });
}

const userByEmail = (email: string) => database.db.selectFrom('users').selectAll().where('email_address', '=', email).executeTakeFirstOrThrow();

describe('npm run admin:create', () => {
  it('creates a console user and prints a generated password once', async () => {
    const { stdout } = await adminCreate('--email', 'Staff.One@Example.com', '--name', 'Staff One', '--roles', 'staff,marketing');
    expect(stdout).toContain('Created staff.one@example.com (roles: staff, marketing)');
    const password = /Password: (\S+)/.exec(stdout)![1]!;
    const user = await userByEmail('staff.one@example.com');
    expect(user.name).toBe('Staff One');
    expect(await verifyPassword(user.password_hash, password)).toBe(true);
  });

  it('promotes an existing user and ends their sessions', async () => {
    const student = await createUser(database.db, { email: 'student.promoted@example.com' });
    const { stdout } = await adminCreate('--email', 'student.promoted@example.com', '--roles', 'manager');
    expect(stdout).toContain('Updated student.promoted@example.com (roles: manager)');
    const user = await userByEmail('student.promoted@example.com');
    expect(user.session_version).toBe(student.session_version + 1);
  });

  it('refuses to replace the roles of the last enabled administrator, as the console does, and replaces them once another administrator exists', async () => {
    // This database's only administrator.
    await database.db
      .updateTable('users')
      .set({ roles: ['staff'] })
      .where(sql<boolean>`roles @> array['admin']::text[]`)
      .execute();
    const admin = await createUser(database.db, { email: 'only.admin@example.com', roles: ['admin'] });
    const disabled = await createUser(database.db, { email: 'disabled.admin@example.com', roles: ['admin'] });
    await database.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', disabled.id).execute();

    await expect(adminCreate('--email', 'only.admin@example.com', '--roles', 'staff', '--replace')).rejects.toMatchObject({
      stderr: expect.stringContaining(ACCOUNT_MESSAGES.lastAdministrator),
    });
    expect((await userByEmail('only.admin@example.com')).roles).toEqual(['admin']);
    expect((await userByEmail('only.admin@example.com')).session_version).toBe(admin.session_version);

    // Adding roles (without --replace) keeps the role and is allowed.
    await adminCreate('--email', 'only.admin@example.com', '--roles', 'staff');
    expect((await userByEmail('only.admin@example.com')).roles).toEqual(['admin', 'staff']);

    await createUser(database.db, { email: 'second.admin@example.com', roles: ['admin'] });
    const { stdout } = await adminCreate('--email', 'only.admin@example.com', '--roles', 'staff', '--replace');
    expect(stdout).toContain('Updated only.admin@example.com (roles: staff)');
  });

  it('refuses an unknown role, changing nothing', async () => {
    await expect(adminCreate('--email', 'nobody.new@example.com', '--roles', 'superuser')).rejects.toMatchObject({
      stderr: expect.stringContaining('Unknown role superuser'),
    });
    const found = await database.db.selectFrom('users').select('id').where('email_address', '=', 'nobody.new@example.com').execute();
    expect(found).toHaveLength(0);
  });
});

describe('the first administrator', () => {
  it('promotes an existing account with ADMIN_EMAIL and gives it the configured password', async () => {
    // A database of its own: the first administrator is made only where no account exists yet.
    const fresh = await createTestDatabase();
    try {
      const existing = await createUser(fresh.db, { email: 'owner@example.com', password: 'old-pass' });
      const result = await ensureFirstAdministrator(fresh.db, { emailAddress: 'owner@example.com', name: 'Owner', password: 'new-pass' });
      expect(result).toEqual({ emailAddress: 'owner@example.com', created: false });
      const user = await fresh.db.selectFrom('users').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
      expect(user.roles).toEqual(['admin']);
      expect(await verifyPassword(user.password_hash, 'new-pass')).toBe(true);
    } finally {
      await fresh.drop();
    }
  });

  it('is created once, even when several processes start at the same moment', async () => {
    const fresh = await createTestDatabase(10);
    try {
      const results = await Promise.all(
        [1, 2, 3, 4].map(() => ensureFirstAdministrator(fresh.db, { emailAddress: 'boss@example.com', name: 'Boss', password: undefined })),
      );
      const made = results.filter((r) => r !== null);
      expect(made).toHaveLength(1);
      expect(made[0]!.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const admins = await fresh.db.selectFrom('users').selectAll().execute();
      expect(admins.map((a) => [a.email_address, a.roles])).toEqual([['boss@example.com', ['admin']]]);
      expect(await ensureFirstAdministrator(fresh.db, { emailAddress: 'boss@example.com', name: 'Boss', password: undefined })).toBeNull();
    } finally {
      await fresh.drop();
    }
  });
});
