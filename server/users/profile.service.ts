import type { z } from 'zod';
import { OTP_MAX_WRONG_ATTEMPTS, OTP_RESEND_INTERVAL_SECONDS, OTP_TTL_MINUTES } from '../../shared/auth/auth.constants.ts';
import { maskPhone } from '../../shared/auth/recovery.rules.ts';
import {
  PROFILE_MESSAGES,
  type phoneCodeInputSchema,
  type phoneVerifyInputSchema,
  type Profile,
  type updateProfileInputSchema,
} from '../../shared/users/profile.schema.ts';
import { requireActor } from '../access/access.ts';
import { LIMITS, RECOVERY_CODES_LIMIT_MESSAGE, smsNumberRules } from '../auth/auth.limits.ts';
import { lockAccountForCodes } from '../auth/recovery.repository.ts';
import { hashOtpCode, newOtpCode, otpCodeMatches } from '../auth/recovery.tokens.ts';
import type { RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { queueMessage } from '../messages/messages.service.ts';
import { rateLimitAddress } from '../rate-limit/client-address.ts';
import { consumeRateLimits } from '../rate-limit/rate-limit.service.ts';
import * as repo from './profile.repository.ts';

async function profileOf(db: Db, userId: string): Promise<Profile> {
  const user = await repo.profileRow(db, userId);
  return {
    _id: user.id,
    name: user.name,
    emailAddress: user.email_address,
    phoneNumber: user.phone_number,
    phoneVerified: user.phone_verified_at !== null,
    gameNickname: user.game_nickname,
  };
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
  if (Object.keys(changes).length > 0) await repo.updateProfileFields(ctx.db, actor.id, changes);
  return profileOf(ctx.db, actor.id);
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
export async function sendPhoneCode(
  ctx: RequestContext,
  { phoneNumber }: z.output<typeof phoneCodeInputSchema>,
): Promise<{ sentTo: string; expiresInMinutes: number }> {
  const actor = await requireActor(ctx);
  const code = newOtpCode();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<'sent' | 'taken'> => {
    await lockAccountForCodes(trx, actor.id);
    const ageSeconds = await repo.latestPhoneCodeAgeSeconds(trx, actor.id);
    if (ageSeconds !== undefined && ageSeconds < OTP_RESEND_INTERVAL_SECONDS) {
      const wait = Math.ceil(OTP_RESEND_INTERVAL_SECONDS - ageSeconds);
      throw new AppError('rate-limited', `Please wait ${wait} seconds before requesting a new code`, { retryAfterSeconds: wait });
    }
    // The account's hits and the number's are counted in this transaction, before the lookup below;
    // the number's rows stay locked until it commits, so simultaneous requests for one number from
    // many accounts are counted one after another and no more codes go out than the limit.
    await consumeRateLimits(trx, codeRules(actor.id, ctx.ip));
    const numberHits = await consumeRateLimits(trx, smsNumberRules(phoneNumber));
    if (await repo.numberVerifiedByAnother(trx, actor.id, phoneNumber)) {
      // Nothing goes to the number, so its owner's budget is left whole; the account's hits stand.
      await numberHits.release();
      return 'taken';
    }
    await repo.consumeOpenPhoneCodes(trx, actor.id);
    const id = await repo.insertPhoneCode(trx, actor.id, phoneNumber, OTP_TTL_MINUTES);
    // Bound to its row, as a recovery code is bound to its token.
    await repo.setPhoneCodeHash(trx, id, hashOtpCode(ctx.config.SESSION_SECRET, id, code));
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
  const outcome = await ctx.db
    .transaction()
    .execute(async (trx): Promise<AppError | null> => {
      const row = await repo.lockOpenPhoneCode(trx, actor.id, phoneNumber);
      if (!row) return new AppError('validation', PROFILE_MESSAGES.noCode, { field: 'phoneNumber' });
      if (row.wrong_attempts >= OTP_MAX_WRONG_ATTEMPTS) return new AppError('validation', PROFILE_MESSAGES.codeBurned, { field: 'code' });
      if (row.expired) return new AppError('validation', PROFILE_MESSAGES.codeExpired, { field: 'code' });
      if (!otpCodeMatches(secret, row.id, code, row.code_hash)) {
        const attempts = row.wrong_attempts + 1;
        await repo.setPhoneCodeWrongAttempts(trx, row.id, attempts);
        const left = OTP_MAX_WRONG_ATTEMPTS - attempts;
        return new AppError(
          'validation',
          left > 0 ? `${PROFILE_MESSAGES.codeWrong}. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.` : PROFILE_MESSAGES.codeBurned,
          { field: 'code' },
        );
      }
      if (await repo.numberVerifiedByAnother(trx, actor.id, phoneNumber))
        return new AppError('conflict', PROFILE_MESSAGES.phoneTaken, { field: 'phoneNumber' });
      await repo.consumePhoneCode(trx, row.id);
      await repo.setVerifiedPhone(trx, actor.id, phoneNumber);
      return null;
    })
    .catch((error: unknown) => {
      // Another account verified the number in the same moment: the unique index keeps one.
      if ((error as { code?: string }).code === '23505') return new AppError('conflict', PROFILE_MESSAGES.phoneTaken, { field: 'phoneNumber' });
      throw error;
    });
  if (outcome) throw outcome;
  return profileOf(ctx.db, actor.id);
}
