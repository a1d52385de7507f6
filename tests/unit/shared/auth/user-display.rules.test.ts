import { describe, expect, it } from 'vitest';
import { consoleRoleLabels } from '../../../../shared/auth/roles.ts';
import { displayNameOf, initialsOf } from '../../../../shared/auth/user-display.rules.ts';

const user = (name: string, emailAddress: string | null, phoneNumber: string | null = null) => ({ name, emailAddress, phoneNumber });

describe('displayNameOf', () => {
  it("is the user's name when there is one", () => {
    expect(displayNameOf(user('  Deepa Menon ', 'deepa@example.com'))).toBe('Deepa Menon');
  });

  it('falls back to the e-mail address, then the phone number, for a user without a name', () => {
    expect(displayNameOf(user('', 'admin@example.com'))).toBe('admin@example.com');
    expect(displayNameOf(user('   ', 'admin@example.com'))).toBe('admin@example.com');
    expect(displayNameOf(user('', null, '9847012345'))).toBe('9847012345');
    expect(displayNameOf(user('', null, null))).toBe('Signed-in user');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first two words of the name', () => {
    expect(initialsOf(user('deepa menon nair', null))).toBe('DM');
    expect(initialsOf(user('Ravi', null))).toBe('R');
  });

  it('takes the first letter of the e-mail address when there is no name, never a question mark', () => {
    expect(initialsOf(user('', 'admin@example.com'))).toBe('A');
    expect(initialsOf(user('', null, '+91 98470 12345'))).toBe('');
    expect(initialsOf(user('', null, null))).toBe('');
  });
});

describe('consoleRoleLabels', () => {
  it('names each console role the user holds, in the role table order', () => {
    expect(consoleRoleLabels(['admin'])).toEqual(['Administrator']);
    expect(consoleRoleLabels(['staff'])).toEqual(['Staff']);
    expect(consoleRoleLabels(['marketing'])).toEqual(['Marketing']);
    expect(consoleRoleLabels(['manager'])).toEqual(['Manager']);
    expect(consoleRoleLabels(['manager', 'staff'])).toEqual(['Staff', 'Manager']);
  });

  it('leaves out roles that give no console access', () => {
    expect(consoleRoleLabels(['student', 'marketing'])).toEqual(['Marketing']);
    expect(consoleRoleLabels([])).toEqual([]);
  });
});
