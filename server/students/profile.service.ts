import { sql } from 'kysely';
import type { z } from 'zod';
import { OTP_MAX_WRONG_ATTEMPTS, OTP_RESEND_INTERVAL_SECONDS, OTP_TTL_MINUTES } from '../../shared/auth/auth.constants.ts';
import { maskPhone } from '../../shared/auth/recovery.rules.ts';
import { PROFILE_MESSAGES, type phoneCodeInputSchema, type phoneVerifyInputSchema, type Profile, type updateProfileInputSchema } from '../../shared/students/profile.schema.ts';
import { requireActor } from '../auth/access.ts';
import { LIMITS, RECOVERY_CODES_LIMIT_MESSAGE, smsNumberRules } from '../auth/auth.limits.ts';
import { hashOtpCode, newOtpCode, otpCodeMatches } from '../auth/recovery.tokens.ts';
import type { RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { queueMessage } from '../messages/messages.service.ts';
import { rateLimitAddress } from '../rate-limit/client-address.ts';
import { consumeRateLimits } from '../rate-limit/rate-limit.service.ts';
import { accountMobileSql } from './free-access.ts';

async function profileOf(db: Db, userId: string): Promise<Profile> {
  const user = await db.selectFrom('users').select(['id', 'name', 'email_address', 'phone_number', 'phone_verified_at', 'game_nickname']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { _id: user.id, name: user.name, emailAddress: user.email_address, phoneNumber: user.phone_number, phoneVerified: user.phone_verified_at !== null, gameNickname: user.game_nickname };
}

/** GET /api/student/profile. */
export async function getProfile(ctx: RequestContext): Promise<Profile> {
  return profileOf(ctx.db, (await requireActor(ctx)).id);
}

/** PUT /api/student/profile: the name and game nickname (the phone number changes only through a code). */
export async function updateProfile(ctx: RequestContext, input: z.output<typeof updateProfileInputSchema>): Promise<Profile> {
  const actor = await requireActor(ctx);
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.gameNickname === undefined ? {} : { game_nickname: input.gameNickname || null }),
  };
  if (Object.keys(changes).length > 0) await ctx.db.updateTable('users').set({ ...changes, updated_at: new Date() }).where('id', '=', actor.id).execute();
  return profileOf(ctx.db, actor.id);
}

/** Another account already holds this number, verified. */
async function takenByAnother(db: Db, userId: string, mobile: string): Promise<boolean> {
  const other = await db
    .selectFrom('users as u')
    .select('u.id')
    .where(accountMobileSql('u'), '=', mobile)
    .where('u.phone_verified_at', 'is not', null)
    .where('u.id', '!=', userId)
    .executeTakeFirst();
  return other !== undefined;
}

function codeRules(userId: string, ip: string) {
  const address = rateLimitAddress(ip);
  return [
    { key: `phone:codes:pair:${userId}:${address}`, ...LIMITS.recoveryCodesPerPair, message: RECOVERY_CODES_LIMIT_MESSAGE },
    { key: `phone:codes:pair-day:${userId}:${address}`, ...LIMITS.recoveryCodesPerPairPerDay, message: RECOVERY_CODES_LIMIT_MESSAGE },
    { key: `phone:codes:account:${userId}`, ...LIMITS.recoveryCodesPerAccount, message: RECOVERY_CODES_LIMIT_MESSAGE },
  ];
}

/**
 * POST /api/student/profile/phone: sends a 6-digit code by SMS to the new number (the same delivery,
 * limits and outbox as recovery codes: one code every 30 seconds, a few an hour), and at most
 * 5 codes an hour and 10 a day reach one number, whichever accounts ask. A number another account
 * has verified is refused, but only once the limits have counted the request: whether a number is
 * taken is told at most as often as a code is sent, so asking about many numbers gets 429 for each,
 * taken or not.
 */
export async function sendPhoneCode(ctx: RequestContext, { phoneNumber }: z.output<typeof phoneCodeInputSchema>): Promise<{ sentTo: string; expiresInMinutes: number }> {
  const actor = await requireActor(ctx);
  const code = newOtpCode();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<'sent' | 'taken'> => {
    await trx.selectFrom('users').select('id').where('id', '=', actor.id).forNoKeyUpdate().execute();
    const latest = await trx
      .selectFrom('phone_verifications')
      .select(sql<number>`extract(epoch from (now() - created_at))`.as('age_seconds'))
      .where('user_id', '=', actor.id)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest && latest.age_seconds < OTP_RESEND_INTERVAL_SECONDS) {
      const wait = Math.ceil(OTP_RESEND_INTERVAL_SECONDS - latest.age_seconds);
      throw new AppError('rate-limited', `Please wait ${wait} seconds before requesting a new code`, { retryAfterSeconds: wait });
    }
    // The account's hits and the number's are counted in this transaction, before the lookup below;
    // the number's rows stay locked until it commits, so simultaneous requests for one number from
    // many accounts are counted one after another and no more codes go out than the limit.
    await consumeRateLimits(trx, codeRules(actor.id, ctx.ip));
    const numberHits = await consumeRateLimits(trx, smsNumberRules(phoneNumber));
    if (await takenByAnother(trx, actor.id, phoneNumber)) {
      // Nothing goes to the number, so its owner's budget is left whole; the account's hits stand.
      await numberHits.release();
      return 'taken';
    }
    await trx.updateTable('phone_verifications').set({ consumed_at: sql`now()` }).where('user_id', '=', actor.id).where('consumed_at', 'is', null).execute();
    const { id } = await trx
      .insertInto('phone_verifications')
      .values({ user_id: actor.id, phone_number: phoneNumber, code_hash: '', expires_at: sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})` })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Bound to its row, as a recovery code is bound to its token.
    await trx.updateTable('phone_verifications').set({ code_hash: hashOtpCode(ctx.config.SESSION_SECRET, id, code) }).where('id', '=', id).execute();
    await queueMessage(trx, {
      channel: 'sms',
      recipient: `+91${phoneNumber}`,
      subject: 'Phone number code',
      body: `${code} is your code to add this phone number to your account. It expires in ${OTP_TTL_MINUTES} minutes.`,
      purpose: 'phone-verification',
    });
    return 'sent';
  });
  if (outcome === 'taken') throw new AppError('conflict', PROFILE_MESSAGES.phoneTaken, { field: 'phoneNumber' });
  return { sentTo: maskPhone(phoneNumber), expiresInMinutes: OTP_TTL_MINUTES };
}

/**
 * POST /api/student/profile/phone/verify: the right code for that number stores it as the account's
 * verified number; five wrong codes burn it. One account per verified number, even when two
 * accounts verify the same number at the same moment.
 */
export async function verifyPhone(ctx: RequestContext, { phoneNumber, code }: z.output<typeof phoneVerifyInputSchema>): Promise<Profile> {
  const actor = await requireActor(ctx);
  const secret = ctx.config.SESSION_SECRET;
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<AppError | null> => {
    const row = await trx
      .selectFrom('phone_verifications')
      .select(['id', 'wrong_attempts', 'code_hash'])
      .select(sql<boolean>`expires_at <= now()`.as('expired'))
      .where('user_id', '=', actor.id)
      .where('phone_number', '=', phoneNumber)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .forUpdate()
      .executeTakeFirst();
    if (!row) return new AppError('validation', PROFILE_MESSAGES.noCode, { field: 'phoneNumber' });
    if (row.wrong_attempts >= OTP_MAX_WRONG_ATTEMPTS) return new AppError('validation', PROFILE_MESSAGES.codeBurned, { field: 'code' });
    if (row.expired) return new AppError('validation', PROFILE_MESSAGES.codeExpired, { field: 'code' });
    if (!otpCodeMatches(secret, row.id, code, row.code_hash)) {
      const attempts = row.wrong_attempts + 1;
      await trx.updateTable('phone_verifications').set({ wrong_attempts: attempts }).where('id', '=', row.id).execute();
      const left = OTP_MAX_WRONG_ATTEMPTS - attempts;
      return new AppError('validation', left > 0 ? `${PROFILE_MESSAGES.codeWrong}. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.` : PROFILE_MESSAGES.codeBurned, { field: 'code' });
    }
    if (await takenByAnother(trx, actor.id, phoneNumber)) return new AppError('conflict', PROFILE_MESSAGES.phoneTaken, { field: 'phoneNumber' });
    await trx.updateTable('phone_verifications').set({ consumed_at: sql`now()` }).where('id', '=', row.id).execute();
    await trx.updateTable('users').set({ phone_number: phoneNumber, phone_verified_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', actor.id).execute();
    return null;
  }).catch((error: unknown) => {
    // Another account verified the number in the same moment: the unique index keeps one.
    if ((error as { code?: string }).code === '23505') return new AppError('conflict', PROFILE_MESSAGES.phoneTaken, { field: 'phoneNumber' });
    throw error;
  });
  if (outcome) throw outcome;
  return profileOf(ctx.db, actor.id);
}
