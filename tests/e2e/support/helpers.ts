import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { expect, type Page } from '@playwright/test';
import { hashPassword } from '../../../server/auth/password.ts';

const run = promisify(execFile);

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests through tests/e2e/playwright.config.ts`);
  return value;
}

export interface Account {
  email: string;
  password: string;
  name: string;
}

/** A unique, readable e-mail address, so that no two tests share an account (or its rate limits). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@psc-e2e.example.com`;
}

/** Runs one query against the e2e server's embedded PostgreSQL. */
export async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const dataDir = required('E2E_DATA_DIR');
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const port = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'psc' });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Creates a console user with the product's own tool, `scripts/admin-create.ts`. */
export async function createConsoleUser(roles: readonly string[], name?: string): Promise<Account> {
  const account = {
    email: uniqueEmail(roles.join('-')),
    password: `pw-${randomBytes(4).toString('hex')}`,
    name: name ?? `${roles.map((role) => role[0]!.toUpperCase() + role.slice(1)).join(' ')} Tester`,
  };
  const repoRoot = required('E2E_REPO_ROOT');
  await run(
    process.execPath,
    ['scripts/admin-create.ts', '--email', account.email, '--name', account.name, '--roles', roles.join(','), '--password', account.password, '--replace'],
    { cwd: repoRoot, env: { ...process.env, NODE_ENV: 'test', DATA_DIR: required('E2E_DATA_DIR'), LOG_LEVEL: 'warn' } },
  );
  return account;
}

/** A student: an account without console roles, written straight into the database. */
export async function createStudent(options: { name?: string; phone?: string } = {}): Promise<Account> {
  const account = {
    email: uniqueEmail('student'),
    password: `pw-${randomBytes(4).toString('hex')}`,
    name: options.name ?? 'Sreeja Student',
  };
  await query(`insert into users (name, email_address, phone_number, password_hash, roles) values ($1, $2, $3, $4, '{}')`, [
    account.name,
    account.email,
    options.phone ?? null,
    await hashPassword(account.password),
  ]);
  return account;
}

export async function setPhone(email: string, phone: string): Promise<void> {
  await query('update users set phone_number = $2, updated_at = now() where email_address = $1', [email.toLowerCase(), phone]);
}

/** Ends every session of an account, as a password reset or a role change elsewhere would. */
export async function endSessions(email: string): Promise<void> {
  await query(
    `update user_sessions set revoked_at = now()
     where revoked_at is null and user_id = (select id from users where email_address = $1)`,
    [email.toLowerCase()],
  );
}

/** The database's clock, to tell new outbox messages from earlier ones. */
export async function databaseNow(): Promise<Date> {
  const [row] = await query<{ now: Date }>('select now() as now');
  return row!.now;
}

/**
 * The 6-digit code of the newest recovery message to `recipient` that reached the
 * outbox (no SMTP in tests) at or after `since`. The worker moves a message there
 * within a couple of seconds, so this polls.
 */
export async function latestOutboxCode(recipient: string, since = new Date(0), timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [row] = await query<{ body: string | null }>(
      `select body from outbound_messages
       where recipient = $1 and status = 'outbox' and created_at >= $2
       order by created_at desc limit 1`,
      [recipient, since],
    );
    const code = row?.body?.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No recovery code for ${recipient} reached the outbox within ${timeoutMs / 1000} s`);
}

/**
 * Signs in through the REST API with the page's own request context, so the session
 * cookie lands in the browser without using the sign-in form (and its rate limit budget
 * for form tests).
 */
export async function signInThroughApi(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { emailAddress: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills and submits the sign-in form. */
export async function signInWithForm(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The accessible names of the side bar's links, in order. */
export async function sideBarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav).toBeVisible();
  // A link's label, without the unread badge that may follow it.
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
}
