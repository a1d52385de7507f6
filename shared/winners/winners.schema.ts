import { z } from '../validation/zod.ts';
import { saveInputSchema } from '../editing/versions.ts';
import { bannerImageFields, publishResultFields } from '../editing/record-fields.ts';
import { requiredTextSchema, titleSchema } from '../validation/fields.ts';
import { UPI_ID_MESSAGE, isUpiId } from './upi.rules.ts';

export const WINNER_MESSAGES = {
  titleRequired: 'Please provide a title',
  notFound: 'Winner announcement not found',
  studentNotFound: 'Student not found',
  activateUnpublished: 'Publish this announcement (visible, with no warnings) before activating it',
  deleteActive: 'This announcement is the active one: deactivate it first',
  beneficiaryNameRequired: 'Please enter the beneficiary name',
  upiRequired: 'Please enter your Google Pay / UPI ID',
  upiInvalid: UPI_ID_MESSAGE,
  draftFailedTitle: 'Failed',
  draftFailedFallback: 'Something went wrong',
  activationFailedTitle: 'Process Failed',
  tooMany: 'Too many attempts: please wait a few minutes and try again',
} as const;

export const WINNER_WARNINGS = {
  noStudent: 'No student: draft the announcement from the Users list',
  noName: 'No winner name',
  noTitleMessage: 'No title message',
  noPhoto: 'No photo',
} as const;

/** The draft a staff member starts from a student on the All users table. */
export const WINNER_DRAFT_DEFAULTS = { claimMessage: "You are today's winner", titleMessage: "Today's Winner" } as const;

export const MAX_PRIZE_AMOUNT = 10_000_000;
const MAX_INT = 2_147_483_647;
const uuid = (message: string) => z.uuid({ error: message });
const text = (max: number, field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `${field} can be at most ${max} characters long` });
const prizeSchema = z
  .number({ error: 'The prize amount must be a number' })
  .min(0, { error: 'The prize amount cannot be negative' })
  .max(MAX_PRIZE_AMOUNT, { error: 'The prize amount is too large' })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: 'The prize amount has at most two decimals (paise)' });
const countSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number` })
    .min(0, { error: `${field} cannot be negative` })
    .max(MAX_INT, { error: `${field} is too large` });

/** An empty UPI id is allowed while staff fill in the rest; a typed one must look like one. */
const optionalUpiSchema = text(100, 'The UPI ID').refine((value) => value === '' || isUpiId(value), { error: UPI_ID_MESSAGE });

/** POST /api/admin/winners: a draft from a student (All users), or a blank one from the listing's New Item. */
export const createWinnerInputSchema = z.object({
  user: uuid(WINNER_MESSAGES.studentNotFound).nullable().optional(),
  winnerName: titleSchema(WINNER_MESSAGES.titleRequired),
  claimMessage: text(500, 'The claim message').default(''),
  titleMessage: text(200, 'The title message').default(''),
  examTitle: text(300, 'The exam title').default(''),
  rank: countSchema('The rank').default(1),
  totalParticipants: countSchema('The number of participants').default(0),
});
export type CreateWinnerInput = z.input<typeof createWinnerInputSchema>;

export const winnerValueSchema = z.object({
  winnerName: titleSchema(WINNER_MESSAGES.titleRequired),
  isPublic: z.boolean().default(false),
  isVisible: z.boolean().default(false),
  claimMessage: text(500, 'The claim message').default(''),
  titleMessage: text(200, 'The title message').default(''),
  examTitle: text(300, 'The exam title').default(''),
  prizeAmount: prizeSchema.default(0),
  rank: countSchema('The rank').default(1),
  totalParticipants: countSchema('The number of participants').default(0),
  bannerImageId: uuid('The photo was not found').nullable().default(null),
  beneficiaryName: text(200, 'The beneficiary name').default(''),
  googlePayOrUPI: optionalUpiSchema.default(''),
  hasUserConfirmed: z.boolean().default(false),
});
export type WinnerValue = z.input<typeof winnerValueSchema>;

export const saveWinnerInputSchema = saveInputSchema(winnerValueSchema);

const studentSchema = z.object({ _id: z.string(), name: z.string(), phoneNumber: z.string() }).nullable();

export const winnerSchema = z.object({
  _id: z.string(),
  winnerName: z.string(),
  isPublic: z.boolean(),
  isVisible: z.boolean(),
  isPublished: z.boolean(),
  isActive: z.boolean(),
  isActionRequiredFromUser: z.boolean(),
  claimMessage: z.string(),
  titleMessage: z.string(),
  examTitle: z.string(),
  prizeAmount: z.number(),
  rank: z.number(),
  totalParticipants: z.number(),
  ...bannerImageFields,
  photoUrl: z.string().nullable(),
  beneficiaryName: z.string(),
  googlePayOrUPI: z.string(),
  hasUserConfirmed: z.boolean(),
  userConfirmedAt: z.string().nullable(),
  user: studentSchema,
  publishWarnings: z.array(z.string()),
  createdAt: z.string(),
  version: z.number(),
});
export type Winner = z.infer<typeof winnerSchema>;

export const winnerListSchema = z.object({ items: z.array(winnerSchema), activeId: z.string().nullable() });
export type WinnerList = z.infer<typeof winnerListSchema>;

export const savedWinnerSchema = z.object({
  ...publishResultFields,
  isActionRequiredFromUser: z.boolean(),
  version: z.number(),
});

/** What every student sees of the day's winner. */
export const publicWinnerSchema = z.object({
  _id: z.string(),
  winnerName: z.string(),
  titleMessage: z.string(),
  examTitle: z.string(),
  prizePaise: z.int().min(0).describe('The prize, in paise'),
  rank: z.int(),
  totalParticipants: z.int(),
  photoUrl: z.string().nullable(),
});

/** What the winner sees of their own announcement, and what it asks of them. */
export const ownWinnerSchema = publicWinnerSchema.extend({
  claimMessage: z.string(),
  isPublic: z.boolean(),
  isActive: z.boolean(),
  isActionRequiredFromUser: z.boolean(),
  beneficiaryName: z.string(),
  googlePayOrUPI: z.string(),
  hasUserConfirmed: z.boolean(),
});
export type OwnWinner = z.infer<typeof ownWinnerSchema>;

/** POST /api/student/winners/{id}/confirm: the winner agrees to the listing and says where the prize goes. */
export const confirmWinnerInputSchema = z.object({
  beneficiaryName: requiredTextSchema(WINNER_MESSAGES.beneficiaryNameRequired, 200, 'The beneficiary name can be at most 200 characters long'),
  googlePayOrUPI: z
    .string({ error: WINNER_MESSAGES.upiRequired })
    .trim()
    .min(1, { error: WINNER_MESSAGES.upiRequired })
    .max(100, { error: UPI_ID_MESSAGE })
    .refine(isUpiId, { error: UPI_ID_MESSAGE }),
});
