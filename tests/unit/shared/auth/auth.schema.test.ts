import { describe, expect, it } from 'vitest';
import {
  changePasswordInputSchema,
  loginInputSchema,
  recoveryChannelInputSchema,
  recoveryExecuteInputSchema,
  registerInputSchema,
  otpVerificationInputSchema,
} from '../../../../shared/auth/auth.schema.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('sign-in input', () => {
  it('asks for the e-mail address, then the password', () => {
    expect(firstMessage(loginInputSchema.safeParse({ emailAddress: '', password: 'x' }))).toBe('Email is Required');
    expect(firstMessage(loginInputSchema.safeParse({ emailAddress: 'a@b.in', password: '' }))).toBe('Password is Required');
    expect(firstMessage(loginInputSchema.safeParse({}))).toBe('Email is Required');
  });

  it('lower-cases and trims the address', () => {
    expect(loginInputSchema.parse({ emailAddress: ' Ravi@Example.COM ', password: 'x' }).emailAddress).toBe('ravi@example.com');
  });
});

describe('registration input', () => {
  it('needs a password of at least 5 characters', () => {
    const result = registerInputSchema.safeParse({ name: 'Ravi', emailAddress: 'a@b.in', password: '1234' });
    expect(firstMessage(result)).toBe('Password must be at least 5 characters');
    expect(registerInputSchema.safeParse({ name: 'Ravi', emailAddress: 'a@b.in', password: '12345' }).success).toBe(true);
  });

  it('needs a name', () => {
    expect(firstMessage(registerInputSchema.safeParse({ name: ' ', emailAddress: 'a@b.in', password: '12345' }))).toBe('Full Name is Required');
  });
});

describe('recovery channel input', () => {
  const email = { type: 'email' as const, value: 'a***@b***.in', key: 'k1' };
  const phone = { type: 'phone' as const, value: '******2345', key: 'k2' };

  it('needs exactly one chosen option', () => {
    expect(firstMessage(recoveryChannelInputSchema.safeParse({ options: [email, phone] }))).toBe('Please choose a recovery option');
    expect(
      firstMessage(
        recoveryChannelInputSchema.safeParse({
          options: [
            { ...email, challenge: 'a' },
            { ...phone, challenge: '1' },
          ],
        }),
      ),
    ).toBe('Please choose a recovery option');
  });

  it('asks for the e-mail or a numeric mobile number', () => {
    expect(firstMessage(recoveryChannelInputSchema.safeParse({ options: [{ ...email, challenge: ' ' }, phone] }))).toBe('Email is Required');
    expect(firstMessage(recoveryChannelInputSchema.safeParse({ options: [email, { ...phone, challenge: 'abc' }] }))).toBe('Mobile Number is Required');
    const chosen = recoveryChannelInputSchema.parse({ options: [email, { ...phone, challenge: ' 98470 12345 ' }] });
    expect(chosen.option).toMatchObject({ type: 'phone', challenge: '98470 12345' });
  });
});

describe('codes and new passwords', () => {
  it('asks for the OTP', () => {
    expect(firstMessage(otpVerificationInputSchema.safeParse({ otp: '', otpToken: 't' }))).toBe('OTP is Required');
    expect(firstMessage(otpVerificationInputSchema.safeParse({ otp: '12a456', otpToken: 't' }))).toBe('OTP must be 6 digits');
  });

  it('needs a new password of at least 5 characters', () => {
    expect(firstMessage(recoveryExecuteInputSchema.safeParse({ newPassword: '', otp: '123456', otpToken: 't' }))).toBe('Password is Required');
    expect(firstMessage(recoveryExecuteInputSchema.safeParse({ newPassword: 'abcd', otp: '123456', otpToken: 't' }))).toBe(
      'Password must be at least 5 characters',
    );
  });
});

describe('password change input', () => {
  const valid = { currentPassword: 'old', newPassword: 'new-pass', confirmPassword: 'new-pass' };

  it('accepts a current password of any length (an old short one still works) and a new one of 5 or more', () => {
    expect(changePasswordInputSchema.parse(valid)).toEqual(valid);
    expect(changePasswordInputSchema.safeParse({ ...valid, newPassword: '12345', confirmPassword: '12345' }).success).toBe(true);
  });

  it('names the rule that failed, field by field', () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, currentPassword: '' }, 'currentPassword', 'Current Password is Required'],
      [{ newPassword: 'new-pass', confirmPassword: 'new-pass' }, 'currentPassword', 'Current Password is Required'],
      [{ ...valid, newPassword: '', confirmPassword: '' }, 'newPassword', 'Password is Required'],
      [{ ...valid, newPassword: '1234', confirmPassword: '1234' }, 'newPassword', 'Password must be at least 5 characters'],
      [{ ...valid, confirmPassword: 'new-pas' }, 'confirmPassword', 'The passwords do not match'],
      [{ currentPassword: 'old', newPassword: 'new-pass' }, 'confirmPassword', 'The passwords do not match'],
    ];
    for (const [input, field, message] of cases) {
      const result = changePasswordInputSchema.safeParse(input);
      expect(result.success, message).toBe(false);
      expect(result.error!.issues[0]).toMatchObject({ path: [field], message });
    }
  });
});
