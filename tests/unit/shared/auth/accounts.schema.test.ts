import { describe, expect, it } from 'vitest';
import { ABILITIES, canManageAccounts, GRANTABLE_ROLE_LABELS, GRANTABLE_ROLES } from '../../../../shared/auth/roles.ts';
import { ACCOUNT_MESSAGES, acceptInviteInputSchema, accountRolesBodySchema, inviteInputSchema } from '../../../../shared/auth/accounts.schema.ts';
import { grantSourceOf } from '../../../../server/users/student-holdings.service.ts';

describe('canManageAccounts', () => {
  it('lets administrators, and no other role, invite, change roles and read holdings', () => {
    expect(canManageAccounts(['admin'])).toBe(true);
    expect(canManageAccounts(['staff', 'admin'])).toBe(true);
    for (const role of ['staff', 'marketing', 'manager', 'educator']) expect(canManageAccounts([role])).toBe(false);
    expect(canManageAccounts([])).toBe(false);
    expect(ABILITIES.manageAccounts).toBe(canManageAccounts);
  });

  it('names every role an administrator gives', () => {
    expect(GRANTABLE_ROLES.map((role) => GRANTABLE_ROLE_LABELS[role])).toEqual(['Administrator', 'Staff', 'Marketing', 'Manager', 'Educator']);
  });
});

describe('inviteInputSchema', () => {
  it('keeps each role once, lower-cases the address and trims the name', () => {
    expect(inviteInputSchema.parse({ name: '  Meera  ', emailAddress: 'Meera@Example.COM', roles: ['staff', 'educator', 'staff'] })).toEqual({
      name: 'Meera',
      emailAddress: 'meera@example.com',
      roles: ['staff', 'educator'],
    });
  });

  it('refuses an invitation without a role, or with a role that does not exist', () => {
    const none = inviteInputSchema.safeParse({ name: 'A', emailAddress: 'a@example.com', roles: [] });
    expect(none.error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.inviteNeedsRole);
    const unknown = inviteInputSchema.safeParse({ name: 'A', emailAddress: 'a@example.com', roles: ['owner'] });
    expect(unknown.error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.rolesInvalid);
  });
});

describe('accountRolesBodySchema', () => {
  it('allows taking every role (a plain student account) but wants the version seen', () => {
    expect(accountRolesBodySchema.parse({ roles: [], version: 3 })).toEqual({ roles: [], version: 3 });
    expect(accountRolesBodySchema.safeParse({ roles: ['staff'] }).error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.versionRequired);
  });
});

describe('acceptInviteInputSchema', () => {
  it('wants the password twice, alike', () => {
    const mismatch = acceptInviteInputSchema.safeParse({ token: 't'.repeat(43), newPassword: 'secret1', confirmPassword: 'secret2' });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ['confirmPassword'], message: 'The passwords do not match' });
    expect(acceptInviteInputSchema.safeParse({ token: 'short', newPassword: 'secret1', confirmPassword: 'secret1' }).error?.issues[0]?.message).toBe(
      ACCOUNT_MESSAGES.inviteInvalid,
    );
  });
});

describe('grantSourceOf', () => {
  const order = { source: 'order', order_id: 'o1', order_mode: 'online' as const, coupon_code: null };
  it('names where a grant came from', () => {
    expect(grantSourceOf(order)).toBe('order');
    expect(grantSourceOf({ ...order, coupon_code: 'ONAM10' })).toBe('coupon');
    expect(grantSourceOf({ ...order, order_mode: 'manual', coupon_code: 'ONAM10' })).toBe('manual-order');
    expect(grantSourceOf({ ...order, order_mode: 'free' })).toBe('free-order');
    expect(grantSourceOf({ source: 'manual', order_id: null, order_mode: null, coupon_code: null })).toBe('manual');
    expect(grantSourceOf({ source: 'lakshya', order_id: null, order_mode: null, coupon_code: null })).toBe('lakshya');
    expect(grantSourceOf({ source: 'import', order_id: null, order_mode: null, coupon_code: null })).toBe('other');
  });
});
