// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loginInputSchema, recoveryChannelInputSchema, registerInputSchema } from '../../../shared/auth/auth.schema.ts';
import { validateForm } from '../../../client/src/lib/forms.ts';
import { withChallenge } from '../../../client/src/features/auth/recovery/recovery-steps.ts';

describe('validateForm', () => {
  it("gives the specification's sign-in messages per field", () => {
    const result = validateForm(loginInputSchema, { emailAddress: '', password: '' });
    expect(result).toEqual({ ok: false, errors: { emailAddress: 'Email is Required', password: 'Password is Required' } });
  });

  it('gives the registration messages', () => {
    const result = validateForm(registerInputSchema, { name: ' ', emailAddress: 'a@b.co', password: 'abc' });
    expect(result).toEqual({
      ok: false,
      errors: { name: 'Full Name is Required', password: 'Password must be at least 5 characters' },
    });
  });

  it('returns the parsed data when valid', () => {
    const result = validateForm(loginInputSchema, { emailAddress: ' Ravi@Example.COM ', password: 'x' });
    expect(result).toEqual({ ok: true, data: { emailAddress: 'ravi@example.com', password: 'x' } });
  });
});

describe('withChallenge', () => {
  const options = [
    { type: 'email' as const, value: 'r***@e******.com', key: 'k1' },
    { type: 'phone' as const, value: '******3210', key: 'k2' },
  ];

  it('puts the challenge on the chosen option only, keeping the rest as received', () => {
    expect(withChallenge(options, 1, '9876543210')).toEqual([options[0], { ...options[1], challenge: '9876543210' }]);
  });

  it("is checked with the server's channel schema: a phone must be numeric", () => {
    const result = validateForm(recoveryChannelInputSchema, { options: withChallenge(options, 1, 'call me') });
    expect(result).toEqual({ ok: false, errors: { options: 'Mobile Number is Required' } });
    const email = validateForm(recoveryChannelInputSchema, { options: withChallenge(options, 0, '') });
    expect(email).toEqual({ ok: false, errors: { options: 'Email is Required' } });
  });
});
