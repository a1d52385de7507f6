import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { ACCOUNT_MESSAGES, INVITE_TTL_HOURS } from '../../../shared/auth/accounts.schema.ts';
import { INVITE_LIMITS, INVITE_LIMIT_MESSAGE } from '../../../server/users/invite.limits.ts';
import { startMailCatcher, waitFor } from '../../support/mail-catcher.ts';
import { createUser, testConfig } from '../../support/test-app.ts';
import { startTestWorker } from '../../support/test-worker.ts';
import { useApp } from '../../support/app-harness.ts';

let worker: WorkerHandle;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
const env = { SMTP_URL: '', MAIL_FROM: 'PSC <no-reply@psc.example>', PUBLIC_URL: 'https://console.psc.example' };

beforeAll(async () => {
  mail = await startMailCatcher();
  env.SMTP_URL = mail.url;
});
afterAll(async () => {
  await mail?.close();
});
const harness = useApp({ names: { admin: 'Anitha Admin' }, env: () => env });
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
beforeAll(async () => {
  worker = await startTestWorker(harness.database, testConfig(env));
});
afterAll(async () => {
  await worker?.stop();
});

let counter = 0;
const uniqueAddress = (prefix: string) => `${prefix}${++counter}-${Date.now()}@example.com`;

const invite = (payload: Record<string, unknown>, cookie = harness.cookie('admin')) => harness.injectWith(cookie)('POST', '/api/admin/users/invites', payload);
const resend = (id: string, cookie = harness.cookie('admin')) => harness.injectWith(cookie)('POST', `/api/admin/users/${id}/invite`);
const check = (token: string) => asNobody('POST', '/api/auth/invites/check', { token });
const accept = (token: string, password = 'staff-pass-1') =>
  asNobody('POST', '/api/auth/invites/accept', { token, newPassword: password, confirmPassword: password });
const login = (emailAddress: string, password: string) => asNobody('POST', '/api/auth/login', { emailAddress, password });

/** The link of the newest invitation mail delivered to the address (after `after` mails), and its token. */
async function linkMailedTo(address: string, after = 0): Promise<{ link: string; token: string; raw: string }> {
  const found = await waitFor(() => mail.mails.slice(after).findLast((m) => m.to.includes(address)));
  // Quoted-printable mail bodies wrap long lines with a trailing "=".
  const text = found.raw.replace(/=\r?\n/g, '');
  const link = /https:\/\/console\.psc\.example\/auth\/invite#([A-Za-z0-9_-]+)/.exec(text);
  if (!link) throw new Error(`no invitation link in ${text}`);
  return { link: link[0], token: link[1]!, raw: text };
}

describe('inviting a staff member', () => {
  it('makes an account that cannot sign in, mails a single-use link through the outbox, and the link sets the password', async () => {
    const email = uniqueAddress('meera');
    const answer = await invite({ name: 'Meera Nair', emailAddress: email.toUpperCase(), roles: ['staff', 'educator'] });
    expect(answer.statusCode, answer.body).toBe(201);
    const account = answer.json();
    expect(account).toMatchObject({ name: 'Meera Nair', emailAddress: email, roles: ['staff', 'educator'], status: 'invited', version: 1 });
    const expiresInHours = (Date.parse(account.inviteExpiresAt) - Date.now()) / 3_600_000;
    expect(expiresInHours).toBeGreaterThan(INVITE_TTL_HOURS - 0.1);
    expect(expiresInHours).toBeLessThanOrEqual(INVITE_TTL_HOURS);

    const message = await harness.db.selectFrom('outbound_messages').selectAll().where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(message).toMatchObject({ channel: 'email', purpose: 'staff-invite', subject: 'You are invited to the PSC admin console' });
    const { token, raw } = await linkMailedTo(email);
    expect(raw).toContain('Anitha Admin has invited you to the PSC admin console as Staff, Educator.');
    expect(raw).toContain(`expires in ${INVITE_TTL_HOURS} hours`);
    // Only the token's hash is stored.
    const stored = await harness.db.selectFrom('account_invites').select('token_hash').where('user_id', '=', account._id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    // No password yet: sign-in is refused like a wrong password.
    expect((await login(email, 'anything')).statusCode).toBe(401);

    expect((await check(token)).json()).toEqual({ name: 'Meera Nair', emailAddress: email });
    const mismatch = await asNobody('POST', '/api/auth/invites/accept', { token, newPassword: 'staff-pass-1', confirmPassword: 'other-pass' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('The passwords do not match');
    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ status: 'success', emailAddress: email });

    const signedIn = await login(email, 'staff-pass-1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().roles).toEqual(['staff', 'educator']);

    // Single use: the link is spent.
    const again = await accept(token, 'another-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.inviteUsed);
    expect((await login(email, 'another-pass')).statusCode).toBe(401);
    const detail = await asAdmin('GET', `/api/admin/users/${account._id}`);
    expect(detail.json()).toMatchObject({ status: 'active', inviteExpiresAt: null });
  });

  it('sets one password when the same link is used twice at once', async () => {
    const email = uniqueAddress('twice');
    await invite({ name: 'Twice Clicked', emailAddress: email, roles: ['staff'] });
    const { token } = await linkMailedTo(email);
    const answers = await Promise.all([accept(token, 'first-pass'), accept(token, 'second-pass')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    expect((await login(email, winner === 0 ? 'first-pass' : 'second-pass')).statusCode).toBe(200);
  });

  it('refuses an expired link and an unknown one, naming why', async () => {
    const email = uniqueAddress('late');
    const account = (await invite({ name: 'Late Comer', emailAddress: email, roles: ['marketing'] })).json();
    const { token } = await linkMailedTo(email);
    await harness.db
      .updateTable('account_invites')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', account._id)
      .execute();
    const expired = await accept(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(ACCOUNT_MESSAGES.inviteExpired);
    expect((await check(token)).json().message).toBe(ACCOUNT_MESSAGES.inviteExpired);
    const unknown = await check('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ACCOUNT_MESSAGES.inviteInvalid);
    expect((await login(email, 'staff-pass-1')).statusCode).toBe(401);
  });

  it('resends a pending invitation: the new link works, the older one stops, and a second resend at once waits', async () => {
    const email = uniqueAddress('resend');
    const account = (await invite({ name: 'Resend Me', emailAddress: email, roles: ['manager'] })).json();
    const first = await linkMailedTo(email);
    const tooSoon = await resend(account._id);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^An invitation was sent a moment ago\. Please wait \d+ seconds before sending another\.$/);

    await harness.db
      .updateTable('account_invites')
      .set({ created_at: sql<Date>`created_at - interval '2 minutes'` })
      .where('user_id', '=', account._id)
      .execute();
    const mailsBefore = mail.mails.length;
    const [one, two] = await Promise.all([resend(account._id), resend(account._id)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 429]);
    const second = await linkMailedTo(email, mailsBefore);
    expect(second.token).not.toBe(first.token);
    expect((await check(first.token)).json().message).toBe(ACCOUNT_MESSAGES.inviteUsed);
    expect((await accept(second.token)).statusCode).toBe(200);
    expect((await login(email, 'staff-pass-1')).statusCode).toBe(200);
    // A password is set: nothing left to resend.
    const nothing = await resend(account._id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(ACCOUNT_MESSAGES.notInvited);
  });

  it('refuses an address that has an account or a pending invitation, and changes nothing', async () => {
    const student = await createUser(harness.db, { email: uniqueAddress('student') });
    const taken = await invite({ name: 'Someone', emailAddress: student.email_address, roles: ['staff'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: ACCOUNT_MESSAGES.accountExists, field: 'emailAddress' });
    const email = uniqueAddress('pending');
    await invite({ name: 'Pending Person', emailAddress: email, roles: ['staff'] });
    const pending = await invite({ name: 'Pending Again', emailAddress: email, roles: ['admin'] });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(ACCOUNT_MESSAGES.invitePending(email));
    const row = await harness.db.selectFrom('users').select(['name', 'roles']).where('email_address', '=', email).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Pending Person', roles: ['staff'] });
  });

  it('makes one account when the same address is invited twice at once', async () => {
    const email = uniqueAddress('double');
    const answers = await Promise.all([
      invite({ name: 'Double Click', emailAddress: email, roles: ['staff'] }),
      invite({ name: 'Double Click', emailAddress: email, roles: ['staff'] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const invites = await harness.db
      .selectFrom('account_invites as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .select('i.id')
      .where('u.email_address', '=', email)
      .execute();
    expect(invites).toHaveLength(1);
  });

  it('refuses the link of an account disabled before it was used, and shows the state in All users', async () => {
    const email = uniqueAddress('barred');
    const account = (await invite({ name: 'Barred Person', emailAddress: email, roles: ['staff'] })).json();
    const { token } = await linkMailedTo(email);
    const listed = await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(email)}`);
    expect(listed.json().users[0].status).toBe('invited');
    const disabled = await asAdmin('PUT', `/api/admin/users/${account._id}/disabled`, { disabled: true, version: account.version });
    expect(disabled.json().status).toBe('disabled');
    const refused = await accept(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account has been disabled. Please contact support.');
    const listedAgain = await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(email)}`);
    expect(listedAgain.json().users[0].status).toBe('disabled');
  });

  it('names the field of bad input', async () => {
    const noRoles = await invite({ name: 'No Roles', emailAddress: uniqueAddress('noroles'), roles: [] });
    expect(noRoles.statusCode).toBe(400);
    expect(noRoles.json().message).toBe(ACCOUNT_MESSAGES.inviteNeedsRole);
    const badRole = await invite({ name: 'Bad Role', emailAddress: uniqueAddress('badrole'), roles: ['owner'] });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toBe(ACCOUNT_MESSAGES.rolesInvalid);
    const badEmail = await invite({ name: 'Bad Email', emailAddress: 'not-an-address', roles: ['staff'] });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Please enter a valid email address');
    const noName = await invite({ name: '  ', emailAddress: uniqueAddress('noname'), roles: ['staff'] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Full Name is Required');
  });

  it('limits how many invitations one administrator sends in an hour', async () => {
    await createUser(harness.db, { email: 'busy-admin@example.com', roles: ['admin'] });
    const busy = await harness.signIn('busy-admin@example.com');
    for (let sent = 0; sent < INVITE_LIMITS.perAdministrator.max; sent += 1) {
      const answer = await invite({ name: `Bulk ${sent}`, emailAddress: uniqueAddress('bulk'), roles: ['staff'] }, busy);
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const email = uniqueAddress('over');
    const refused = await invite({ name: 'One Too Many', emailAddress: email, roles: ['staff'] }, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(INVITE_LIMIT_MESSAGE);
    expect(await harness.db.selectFrom('users').select('id').where('email_address', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('is refused to every role but administrators', async () => {
    for (const role of ['staff', 'marketing', 'manager', 'educator']) {
      const email = `${role}-${uniqueAddress('role')}`;
      await createUser(harness.db, { email, roles: [role] });
      const cookie = await harness.signIn(email);
      const answer = await invite({ name: 'Nope', emailAddress: uniqueAddress('nope'), roles: ['admin'] }, cookie);
      expect(answer.statusCode, role).toBe(403);
      const trpc = await harness.injectWith(cookie)(
        'POST',
        '/trpc/users.invite',
        { name: 'Nope', emailAddress: uniqueAddress('nope'), roles: ['admin'] },
        { 'content-type': 'application/json' },
      );
      expect(trpc.statusCode, role).toBe(403);
    }
  });
});
