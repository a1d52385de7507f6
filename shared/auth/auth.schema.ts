import { z } from 'zod';
import { requiredNameSchema } from '../validation/fields.ts';
import { MESSAGES, OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.constants.ts';

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const emailAddressSchema = requiredText(MESSAGES.emailRequired)
  .max(254, { error: MESSAGES.emailInvalid })
  .pipe(z.email({ error: MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** Sign-in checks only presence, so that a short old password still reaches the server's answer. */
export const loginInputSchema = z.object({
  emailAddress: emailAddressSchema,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, { error: MESSAGES.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong }),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const newPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong });

/**
 * The signed-in user's own password change: the current password (checked by the server),
 * and the new one twice, under the same rules as registration and recovery.
 */
export const changePasswordInputSchema = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordRequired })
      .min(1, { error: MESSAGES.currentPasswordRequired })
      .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.currentPasswordWrong }),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }).max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordsDoNotMatch }),
  })
  .refine((input) => input.confirmPassword === input.newPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

export const registerInputSchema = z.object({
  // A name shown to staff and in rankings: control characters and direction overrides are dropped.
  name: requiredNameSchema(MESSAGES.nameRequired, 120, MESSAGES.nameTooLong),
  emailAddress: emailAddressSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.input<typeof registerInputSchema>;

export const recoveryInitiateInputSchema = z.object({ emailAddress: emailAddressSchema });

export const recoveryOptionTypeSchema = z.enum(['email', 'phone']);
export type RecoveryOptionType = z.infer<typeof recoveryOptionTypeSchema>;

/** An option as the server hands it out; `key` is an opaque signed reference to the account. */
export const recoveryOptionSchema = z.object({
  type: recoveryOptionTypeSchema,
  value: z.string(),
  key: z.string().min(1).max(1024),
  challenge: z.string().max(254).optional(),
});
export type RecoveryOption = z.infer<typeof recoveryOptionSchema>;

export const recoveryChannelInputSchema = z.object({ options: z.array(recoveryOptionSchema).max(10) }).transform((input, ctx) => {
  const chosen = input.options.filter((option) => option.challenge !== undefined);
  if (chosen.length !== 1) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.recoveryOptionRequired, path: ['options'] });
    return z.NEVER;
  }
  const option = chosen[0]!;
  const challenge = option.challenge!.trim();
  if (option.type === 'email' && challenge === '') {
    ctx.addIssue({ code: 'custom', message: MESSAGES.emailRequired, path: ['options'] });
    return z.NEVER;
  }
  if (option.type === 'phone' && !/^\+?[0-9][0-9 -]*$/.test(challenge)) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.mobileRequired, path: ['options'] });
    return z.NEVER;
  }
  return { option: { ...option, challenge } };
});
export type RecoveryChannelInput = z.input<typeof recoveryChannelInputSchema>;

export const otpSchema = requiredText(MESSAGES.otpRequired).pipe(z.string().regex(new RegExp(`^[0-9]{${OTP_LENGTH}}$`), { error: MESSAGES.otpFormat }));

export const otpTokenSchema = z.string({ error: MESSAGES.otpTokenInvalid }).min(1).max(200);

export const otpVerificationInputSchema = z.object({ otp: otpSchema, otpToken: otpTokenSchema });
export type OtpVerificationInput = z.input<typeof otpVerificationInputSchema>;

export const recoveryExecuteInputSchema = z.object({
  newPassword: newPasswordSchema,
  otp: otpSchema,
  otpToken: otpTokenSchema,
});
export type RecoveryExecuteInput = z.input<typeof recoveryExecuteInputSchema>;

export const socialAuthInputSchema = z.object({
  provider: z.literal('google', { error: 'Only Google sign-in is supported' }),
  idToken: z.string({ error: 'The Google ID token is required' }).min(1).max(8192),
});
export type SocialAuthInput = z.input<typeof socialAuthInputSchema>;

export const currentUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  phoneNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
