import { z } from 'zod';
import { requiredNameSchema } from '../validation/fields.ts';
import { MESSAGES } from './auth.constants.ts';
import { emailAddressSchema, newPasswordSchema } from './auth.schema.ts';
import { GRANTABLE_ROLES } from './roles.ts';

/** How long an invitation's link works. A resend makes a new link and ends the older ones. */
export const INVITE_TTL_HOURS = 72;
/** Days an invitation's record is kept after it was used or expired (the hourly cleanup then removes it). */
export const INVITE_KEEP_DAYS = 30;
/** A new invitation mail for the same account may be sent after this many seconds. */
export const INVITE_RESEND_INTERVAL_SECONDS = 60;

export const ACCOUNT_MESSAGES = {
  notFound: 'This account does not exist',
  rolesInvalid: `Roles: each role is one of ${GRANTABLE_ROLES.join(', ')}`,
  inviteNeedsRole: 'Roles: give the new staff member at least one role',
  accountExists: 'An account with this e-mail address already exists: open it in Users to give it roles',
  invitePending: (email: string) => `${email} has already been invited and has not set a password yet: open the account in Users and choose Resend invitation`,
  notInvited: 'This account has a password already: there is no invitation to resend',
  inviteDisabled: 'This account is disabled: enable it before sending an invitation',
  inviteResendTooSoon: (seconds: number) => `An invitation was sent a moment ago. Please wait ${seconds} seconds before sending another.`,
  inviteInvalid: 'This invitation link is not valid. Ask an administrator to send a new one.',
  inviteUsed: 'This invitation has been used already. Sign in with your password, or ask an administrator to send a new invitation.',
  inviteExpired: 'This invitation has expired. Ask an administrator to send a new one.',
  lastAdministrator: 'This is the last enabled administrator: give the Administrator role to someone else first',
  cannotDisableSelf: 'You cannot disable your own account',
  stale: (name: string) => `${name}'s roles or access were changed by someone else after you opened this account. Reload to see the change, then try again.`,
  versionRequired: 'Version: send the version of the account you changed (from its details)',
} as const;

const accountIdSchema = z.uuid({ error: ACCOUNT_MESSAGES.notFound });
export const accountIdParamsSchema = z.object({ id: accountIdSchema });

const versionSchema = z.number({ error: ACCOUNT_MESSAGES.versionRequired }).int().min(1).max(2_147_483_647);

export const grantableRoleSchema = z.enum(GRANTABLE_ROLES, { error: ACCOUNT_MESSAGES.rolesInvalid });
const rolesSchema = z
  .array(grantableRoleSchema)
  .max(GRANTABLE_ROLES.length * 2)
  .transform((roles) => [...new Set(roles)]);

export const inviteInputSchema = z.object({
  name: requiredNameSchema(MESSAGES.nameRequired, 120, MESSAGES.nameTooLong),
  emailAddress: emailAddressSchema,
  roles: rolesSchema.refine((roles) => roles.length > 0, { error: ACCOUNT_MESSAGES.inviteNeedsRole }),
});
export type InviteInput = z.input<typeof inviteInputSchema>;

/** The whole list of roles the account will hold (an empty list makes it a plain student account). */
export const accountRolesBodySchema = z.object({ roles: rolesSchema, version: versionSchema });
export const accountRolesInputSchema = accountRolesBodySchema.extend({ id: accountIdSchema });

export const accountDisabledBodySchema = z.object({ disabled: z.boolean({ error: 'Disabled: true or false' }), version: versionSchema });
export const accountDisabledInputSchema = accountDisabledBodySchema.extend({ id: accountIdSchema });

/** The invitation token travels in the body (never in a URL the server logs). */
const inviteTokenSchema = z
  .string({ error: ACCOUNT_MESSAGES.inviteInvalid })
  .min(20, { error: ACCOUNT_MESSAGES.inviteInvalid })
  .max(100, { error: ACCOUNT_MESSAGES.inviteInvalid });
export const inviteTokenInputSchema = z.object({ token: inviteTokenSchema });
export const acceptInviteInputSchema = z
  .object({
    token: inviteTokenSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }).max(300, { error: MESSAGES.passwordsDoNotMatch }),
  })
  .refine((input) => input.confirmPassword === input.newPassword, { error: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type AcceptInviteInput = z.input<typeof acceptInviteInputSchema>;

export const invitationSchema = z.object({ name: z.string(), emailAddress: z.string() });

export const accountStatusSchema = z.enum(['active', 'invited', 'disabled']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** An account as its details sheet shows it. */
export const accountDetailSchema = z.object({
  _id: z.string(),
  name: z.string(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  roles: z.array(z.string()),
  status: accountStatusSchema,
  /** Send it back with a change of roles or access: a change made from an older copy is refused. */
  version: z.number(),
  createdAt: z.string(),
  /** When the pending invitation's link stops working (invited accounts only). */
  inviteExpiresAt: z.string().nullable(),
  lakshyaStudent: z.object({
    /** The account's number is on the lakshya-students (Lakshya) list. */
    onList: z.boolean(),
    listedName: z.string().nullable(),
    expiryDate: z.string().nullable(),
    /** On the list, the number verified and the expiry date not passed: lakshya-student prices apply. */
    current: z.boolean(),
  }),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;
