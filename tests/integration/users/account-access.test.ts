import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/auth/auth.constants.ts';
import { ACCOUNT_MESSAGES } from '../../../shared/auth/accounts.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');

let counter = 0;
const address = (prefix: string) => `${prefix.toLowerCase().replace(/[^a-z0-9]/g, '-')}${++counter}-${Date.now()}@example.com`;

const detail = (id: string, cookie = harness.cookie('admin')) => harness.injectWith(cookie)('GET', `/api/admin/users/${id}`);
const putRoles = (id: string, roles: string[], version: number, cookie = harness.cookie('admin')) =>
  harness.injectWith(cookie)('PUT', `/api/admin/users/${id}/roles`, { roles, version });
const putDisabled = (id: string, disabled: boolean, version: number, cookie = harness.cookie('admin')) =>
  harness.injectWith(cookie)('PUT', `/api/admin/users/${id}/disabled`, { disabled, version });
const versionOf = async (id: string, cookie = harness.cookie('admin')) => (await detail(id, cookie)).json().version as number;
const me = (cookie: string) => harness.injectWith(cookie)('GET', '/api/auth/me');

/** An administrator of their own, signed in: the tests below must not lean on the shared one. */
async function signedInAdmin(name: string) {
  const email = address(name);
  const user = await createUser(harness.db, { email, roles: ['admin'], name });
  return { id: user.id, email, cookie: await harness.signIn(email) };
}

/** Only the administrators a test makes count from here on; afterwards the shared one comes back. */
const disableEveryAdministrator = () =>
  harness.db
    .updateTable('users')
    .set({ disabled_at: new Date() })
    .where((eb) => eb(eb.val('admin'), '=', eb.fn.any('roles')))
    .execute();
afterEach(async () => {
  await harness.db.updateTable('users').set({ disabled_at: null }).where('email_address', '=', 'admin@example.com').execute();
});

async function enabledAdministrators(): Promise<number> {
  const rows = await harness.db
    .selectFrom('users')
    .select('id')
    .where('disabled_at', 'is', null)
    .where((eb) => eb(eb.val('admin'), '=', eb.fn.any('roles')))
    .execute();
  return rows.length;
}

describe('giving and taking roles', () => {
  it('replaces the roles with the version seen, and an educator appears in the educators list at once', async () => {
    const user = await createUser(harness.db, { email: address('teacher'), name: 'Sindhu Teacher' });
    const before = (await detail(user.id)).json();
    expect(before).toMatchObject({ roles: [], status: 'active', version: 1 });
    const given = await putRoles(user.id, ['educator', 'staff', 'educator'], before.version);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ roles: ['educator', 'staff'], version: 2 });
    const educators = await asAdmin('GET', '/api/admin/educators');
    expect(JSON.stringify(educators.json())).toContain('Sindhu Teacher');

    // A second tab still holding version 1 is refused, and nothing changes.
    const stale = await putRoles(user.id, ['marketing'], before.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(ACCOUNT_MESSAGES.stale('Sindhu Teacher'));
    expect((await detail(user.id)).json().roles).toEqual(['educator', 'staff']);

    const taken = await putRoles(user.id, [], 2);
    expect(taken.json()).toMatchObject({ roles: [], version: 3 });
  });

  it('takes effect on the next request of a signed-in account', async () => {
    const email = address('promoted');
    const user = await createUser(harness.db, { email, roles: ['staff'] });
    const cookie = await harness.signIn(email);
    const orders = () => harness.injectWith(cookie)('GET', '/api/admin/users');
    expect((await orders()).statusCode).toBe(403);
    await putRoles(user.id, ['marketing'], await versionOf(user.id));
    expect((await orders()).statusCode).toBe(200);
  });

  it('refuses an unknown role, a missing version and an unknown account, naming the field', async () => {
    const user = await createUser(harness.db, { email: address('field') });
    const badRole = await putRoles(user.id, ['owner'], 1);
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toBe(ACCOUNT_MESSAGES.rolesInvalid);
    const noVersion = await asAdmin('PUT', `/api/admin/users/${user.id}/roles`, { roles: ['staff'] });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().message).toBe(ACCOUNT_MESSAGES.versionRequired);
    const missing = await putRoles('00000000-0000-4000-8000-000000000000', ['staff'], 1);
    expect(missing.statusCode).toBe(404);
    expect((await detail(user.id)).json().roles).toEqual([]);
  });
});

describe('disabling an account', () => {
  it('ends its sessions at once, refuses sign-in and recovery with a clear message, and enabling lets it back in', async () => {
    const email = address('leaver');
    const user = await createUser(harness.db, { email, roles: ['staff'] });
    const cookie = await harness.signIn(email);
    expect((await me(cookie)).statusCode).toBe(200);

    const disabled = await putDisabled(user.id, true, await versionOf(user.id));
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().status).toBe('disabled');
    expect((await me(cookie)).statusCode).toBe(401);
    const signInAgain = await asNobody('POST', '/api/auth/login', { emailAddress: email, password: 'secret1' });
    expect(signInAgain.statusCode).toBe(403);
    expect(signInAgain.json().message).toBe(MESSAGES.accountDisabled);
    const recovery = await asNobody('POST', '/api/auth/recovery/initiate', { emailAddress: email });
    expect(recovery.json()).toEqual({ isValid: false, options: [] });

    const enabled = await putDisabled(user.id, false, disabled.json().version);
    expect(enabled.json().status).toBe('active');
    // The old cookie stays dead; a new sign-in works.
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(await harness.signIn(email))).statusCode).toBe(200);
  });

  it('makes a recovery code sent before the account was disabled stop working', async () => {
    const email = address('recovering');
    const user = await createUser(harness.db, { email, roles: ['staff'] });
    const post = (step: string, payload: Record<string, unknown>) =>
      harness.app.inject({ method: 'POST', url: `/api/auth/recovery/${step}`, payload, remoteAddress: '10.9.0.1' });
    const { options } = (await post('initiate', { emailAddress: email })).json() as { options: Array<{ type: string; value: string; key: string }> };
    const sent = await post('recovery-channel', { options: options.map((option) => (option.type === 'email' ? { ...option, challenge: email } : option)) });
    expect(sent.statusCode, sent.body).toBe(200);
    const { otpToken } = sent.json();
    const message = await harness.db.selectFrom('outbound_messages').select('body').where('recipient', '=', email).executeTakeFirstOrThrow();
    const otp = /account is ([0-9]{6})\./.exec(message.body!)![1];

    await putDisabled(user.id, true, await versionOf(user.id));
    const reset = await post('execute', { otpToken, otp, newPassword: 'taken-over' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(MESSAGES.otpTokenInvalid);
    await putDisabled(user.id, false, await versionOf(user.id));
    expect((await asNobody('POST', '/api/auth/login', { emailAddress: email, password: 'taken-over' })).statusCode).toBe(401);
  });

  it('refuses to disable oneself', async () => {
    const self = await signedInAdmin('Self Admin');
    const refused = await putDisabled(self.id, true, await versionOf(self.id), self.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: ACCOUNT_MESSAGES.cannotDisableSelf, field: 'disabled' });
    expect((await me(self.cookie)).statusCode).toBe(200);
  });
});

describe('the last administrator', () => {
  it('cannot be demoted or disabled, and two administrators demoting each other at once leave one', async () => {
    await disableEveryAdministrator();
    for (let round = 0; round < 8; round += 1) {
      const first = await signedInAdmin(`First ${round}`);
      const second = await signedInAdmin(`Second ${round}`);
      const [a, b] = await Promise.all([
        putRoles(second.id, ['staff'], await versionOf(second.id, first.cookie), first.cookie),
        putRoles(first.id, ['staff'], await versionOf(first.id, first.cookie), second.cookie),
      ]);
      const codes = [a.statusCode, b.statusCode];
      // Either one demotion wins and the other is refused (409, or 403 when its caller was demoted first).
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      const refused = a.statusCode === 200 ? b : a;
      expect([403, 409]).toContain(refused.statusCode);
      if (refused.statusCode === 409) expect(refused.json().message).toBe(ACCOUNT_MESSAGES.lastAdministrator);
      expect(await enabledAdministrators()).toBe(1);
      const survivor = a.statusCode === 200 ? first : second;

      const demoteLast = await putRoles(survivor.id, ['staff'], await versionOf(survivor.id, survivor.cookie), survivor.cookie);
      expect(demoteLast.statusCode).toBe(409);
      expect(demoteLast.json()).toMatchObject({ message: ACCOUNT_MESSAGES.lastAdministrator, field: 'roles' });
      expect(await enabledAdministrators()).toBe(1);
      // Leave this round's survivor out of the next round.
      await harness.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', survivor.id).execute();
    }
  });

  it('cannot be disabled by another administrator racing a disable of their own', async () => {
    await disableEveryAdministrator();
    for (let round = 0; round < 6; round += 1) {
      const first = await signedInAdmin(`Left ${round}`);
      const second = await signedInAdmin(`Right ${round}`);
      const answers = await Promise.all([
        putDisabled(second.id, true, await versionOf(second.id, first.cookie), first.cookie),
        putDisabled(first.id, true, await versionOf(first.id, first.cookie), second.cookie),
      ]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      // The loser was refused as the last administrator, or its session had just ended (401).
      const loser = answers.find((answer) => answer.statusCode !== 200)!;
      expect([401, 409]).toContain(loser.statusCode);
      expect(await enabledAdministrators()).toBe(1);
      const survivor = answers[0]!.statusCode === 200 ? first : second;
      await harness.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', survivor.id).execute();
    }
  });
});

describe('who may change accounts', () => {
  it('answers 403 to every role but administrators, on every new route and procedure', async () => {
    const target = await createUser(harness.db, { email: address('target') });
    for (const role of ['marketing', 'staff', 'manager', 'educator']) {
      const email = address(role);
      await createUser(harness.db, { email, roles: [role] });
      const cookie = await harness.signIn(email);
      const calls = [
        harness.injectWith(cookie)('GET', `/api/admin/users/${target.id}`),
        harness.injectWith(cookie)('GET', `/api/admin/users/${target.id}/grants`),
        harness.injectWith(cookie)('GET', `/api/admin/users/${target.id}/orders`),
        harness.injectWith(cookie)('POST', `/api/admin/users/${target.id}/invite`),
        putRoles(target.id, ['admin'], 1, cookie),
        putDisabled(target.id, true, 1, cookie),
        harness.injectWith(cookie)('POST', '/trpc/users.setRoles', { id: target.id, roles: ['admin'], version: 1 }, { 'content-type': 'application/json' }),
        harness.injectWith(cookie)('GET', `/trpc/users.detail?input=${encodeURIComponent(JSON.stringify({ id: target.id }))}`),
      ];
      for (const answer of await Promise.all(calls)) expect(answer.statusCode, `${role}: ${answer.body}`).toBe(403);
    }
    expect((await detail(target.id)).json()).toMatchObject({ roles: [], status: 'active', version: 1 });
  });
});
