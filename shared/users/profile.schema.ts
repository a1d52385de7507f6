import { MESSAGES } from '../auth/auth.constants.ts';
import { requiredNameSchema } from '../validation/fields.ts';
import { z } from '../validation/zod.ts';
import { indianMobile, PHONE_MESSAGE } from '../validation/phone.rules.ts';

export const PROFILE_MESSAGES = {
  nameRequired: MESSAGES.nameRequired,
  nameTooLong: 'The name can be at most 100 characters long',
  nicknameFormat: 'A game nickname has at most 40 letters, digits, spaces, dots, - or _',
  phone: PHONE_MESSAGE,
  phoneTaken: 'This phone number is already used by another account',
  codeFormat: 'Enter the 6-digit code sent to your phone',
  codeWrong: 'The code is not correct',
  codeExpired: 'The code has expired. Ask for a new one.',
  codeBurned: 'Too many wrong codes. Ask for a new one.',
  noCode: 'Ask for a code for this number first',
} as const;

export const profileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  emailAddress: z.string().nullable(),
  /** The verified number (10 digits), or the one on the account when it predates verification. */
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  gameNickname: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileInputSchema = z.object({
  name: requiredNameSchema(PROFILE_MESSAGES.nameRequired, 100, PROFILE_MESSAGES.nameTooLong).optional(),
  gameNickname: z
    .string()
    .trim()
    .regex(/^[\p{L}\p{M}\p{N} ._-]{0,40}$/u, { error: PROFILE_MESSAGES.nicknameFormat })
    .nullable()
    .optional(),
});

const mobileField = z
  .string({ error: PROFILE_MESSAGES.phone })
  .max(40, { error: PROFILE_MESSAGES.phone })
  .transform((text, context) => {
    const phone = indianMobile(text);
    if (!phone) context.addIssue({ code: 'custom', message: PROFILE_MESSAGES.phone });
    return phone ?? '';
  });

export const phoneCodeInputSchema = z.object({ phoneNumber: mobileField });
export const phoneVerifyInputSchema = z.object({
  phoneNumber: mobileField,
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, { error: PROFILE_MESSAGES.codeFormat }),
});
