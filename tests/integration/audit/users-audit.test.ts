import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/app-harness.ts';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';
import { createUser } from '../../support/test-app.ts';

const harness = useApp({ roles: ['admin', 'marketing'], names: { admin: 'Anitha Admin' } });
const asAdmin = harness.injectAs('admin');
const asMarketing = harness.injectAs('marketing');

let counter = 0;
const address = (prefix: string) => `${prefix}${++counter}-${Date.now()}@example.com`;

/** The account entries (sign-ins left out) written by what `change` does. */
async function entriesOf(change: () => Promise<unknown>) {
  const afterSeq = await lastAuditSeq(harness.db);
  await change();
  return (await auditEntries(harness.db, { afterSeq, resourceType: 'account' })).filter((entry) => entry.action !== 'sign-in');
}

const versionOf = async (id: string) => (await asAdmin('GET', `/api/admin/users/${id}`)).json().version as number;

describe('the audit log of accounts', () => {
  it('records a role change with the roles before and after, by whom', async () => {
    const account = await createUser(harness.db, { email: address('staff'), roles: ['staff'], name: 'Sreeja' });
    const entries = await entriesOf(async () => {
      const response = await asAdmin('PUT', `/api/admin/users/${account.id}/roles`, { roles: ['marketing', 'staff'], version: await versionOf(account.id) });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: harness.userId('admin'),
      actor_name: 'Anitha Admin',
      actor_roles: ['admin'],
      action: 'role-change',
      resource_type: 'account',
      resource_id: account.id,
      resource_title: 'Sreeja',
    });
    expect(entries[0]!.changes).toEqual({ roles: { from: ['staff'], to: ['marketing', 'staff'] } });
  });

  it('records disabling and enabling an account as their own actions', async () => {
    const account = await createUser(harness.db, { email: address('student'), name: 'Rahul' });
    const off = await entriesOf(async () =>
      expect((await asAdmin('PUT', `/api/admin/users/${account.id}/disabled`, { disabled: true, version: await versionOf(account.id) })).statusCode).toBe(200),
    );
    expect(off.map((entry) => [entry.action, entry.resource_id, entry.changes])).toEqual([['disable', account.id, { disabled: { from: false, to: true } }]]);
    const on = await entriesOf(async () =>
      expect((await asAdmin('PUT', `/api/admin/users/${account.id}/disabled`, { disabled: false, version: await versionOf(account.id) })).statusCode).toBe(200),
    );
    expect(on.map((entry) => [entry.action, entry.changes])).toEqual([['enable', { disabled: { from: true, to: false } }]]);
  });

  it('records an invitation with the account it made, and a link sent again; never the link itself', async () => {
    const email = address('invited');
    let id = '';
    const invited = await entriesOf(async () => {
      const response = await asAdmin('POST', '/api/admin/users/invites', { name: 'Nimmy', emailAddress: email, roles: ['staff'] });
      expect(response.statusCode, response.body).toBe(201);
      id = response.json()._id;
    });
    expect(invited).toHaveLength(1);
    expect(invited[0]).toMatchObject({ action: 'invite', resource_id: id, resource_title: 'Nimmy', actor_name: 'Anitha Admin' });
    expect(invited[0]!.changes).toEqual({ emailAddress: { from: null, to: email }, name: { from: null, to: 'Nimmy' }, roles: { from: null, to: ['staff'] } });

    await harness.db
      .updateTable('account_invites')
      .set({ created_at: new Date(Date.now() - 3_600_000) })
      .where('user_id', '=', id)
      .execute();
    const resent = await entriesOf(async () => expect((await asAdmin('POST', `/api/admin/users/${id}/invite`)).statusCode).toBe(200));
    expect(resent.map((entry) => [entry.action, entry.resource_id])).toEqual([['invite', id]]);
    expect(JSON.stringify([...invited, ...resent].map((entry) => entry.changes))).not.toMatch(/token|hash|password|#/i);
  });

  it('writes no entry for a refused change: stale, unknown, the last administrator, oneself, a taken address, not allowed', async () => {
    const account = await createUser(harness.db, { email: address('refused'), roles: ['staff'] });
    const adminVersion = await versionOf(harness.userId('admin'));
    const entries = await entriesOf(async () => {
      expect((await asAdmin('PUT', `/api/admin/users/${account.id}/roles`, { roles: ['manager'], version: 999 })).statusCode).toBe(409);
      expect((await asAdmin('PUT', `/api/admin/users/${UNKNOWN_ID}/roles`, { roles: ['manager'], version: 1 })).statusCode).toBe(404);
      expect((await asAdmin('PUT', `/api/admin/users/${harness.userId('admin')}/roles`, { roles: ['staff'], version: adminVersion })).statusCode).toBe(409);
      expect((await asAdmin('PUT', `/api/admin/users/${harness.userId('admin')}/disabled`, { disabled: true, version: adminVersion })).statusCode).toBe(400);
      expect((await asAdmin('PUT', `/api/admin/users/${account.id}/roles`, { roles: ['wizard'], version: 1 })).statusCode).toBe(400);
      expect((await asAdmin('POST', '/api/admin/users/invites', { name: 'Again', emailAddress: 'marketing@example.com', roles: ['staff'] })).statusCode).toBe(
        409,
      );
      expect((await asMarketing('PUT', `/api/admin/users/${account.id}/roles`, { roles: ['admin'], version: 1 })).statusCode).toBe(403);
    });
    expect(entries).toEqual([]);
  });

  it('of two administrators changing the same account at once, records the one saved change only', async () => {
    const account = await createUser(harness.db, { email: address('twice'), roles: ['staff'] });
    const otherEmail = address('other-admin');
    await createUser(harness.db, { email: otherEmail, roles: ['admin'], name: 'Biju Admin' });
    const otherCookie = await harness.signIn(otherEmail);
    const version = await versionOf(account.id);
    const entries = await entriesOf(async () => {
      const answers = await Promise.all([
        asAdmin('PUT', `/api/admin/users/${account.id}/roles`, { roles: ['marketing'], version }),
        harness.injectWith(otherCookie)('PUT', `/api/admin/users/${account.id}/roles`, { roles: ['manager'], version }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    });
    expect(entries).toHaveLength(1);
    const stored = await harness.db.selectFrom('users').select('roles').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(entries[0]!.changes).toEqual({ roles: { from: ['staff'], to: stored.roles } });
    await expectUnbrokenChain(harness.db);
  });
});
