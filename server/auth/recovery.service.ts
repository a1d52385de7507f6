import { MESSAGES, OTP_MAX_WRONG_ATTEMPTS, OTP_RESEND_INTERVAL_SECONDS, OTP_TTL_MINUTES } from '../../shared/auth/auth.constants.ts';
import type { z } from 'zod';
import type {
  otpVerificationInputSchema,
  recoveryChannelInputSchema,
  recoveryExecuteInputSchema,
  recoveryInitiateInputSchema,
  RecoveryOption,
} from '../../shared/auth/auth.schema.ts';
import { emailChallengeMatches, maskEmail, maskPhone, phoneChallengeMatches } from '../../shared/auth/recovery.rules.ts';
import type { RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { queueMessage } from '../messages/messages.service.ts';
import { consumeRateLimit, consumeRateLimits } from '../rate-limit/rate-limit.service.ts';
import { rateLimitAddress } from '../rate-limit/client-address.ts';
import * as repo from './auth.repository.ts';
import { addressRule, recoveryChallengeFailureRules, recoveryCodeRules, recoveryLookupRules, smsNumberRules } from './auth.limits.ts';
import { hashPassword } from './password.ts';
import * as tokens from './recovery.repository.ts';
import { hashOtpCode, hashOtpToken, newOtpCode, newOtpToken, otpCodeMatches, openOptionKey, sealOptionKey } from './recovery.tokens.ts';

const RECOVERY_EXPIRED = 'This recovery request has expired. Please start again.';

async function limitByAddress(ctx: RequestContext): Promise<void> {
  await consumeRateLimit(ctx.db, addressRule('recovery', ctx.ip));
}

export async function initiate(
  ctx: RequestContext,
  { emailAddress }: z.output<typeof recoveryInitiateInputSchema>,
): Promise<{ isValid: boolean; options: RecoveryOption[] }> {
  await limitByAddress(ctx);
  await consumeRateLimits(ctx.db, recoveryLookupRules(emailAddress, ctx.ip));
  const user = await repo.findUserByEmail(ctx.db, emailAddress);
  if (!user || user.disabled_at) return { isValid: false, options: [] };
  const secret = ctx.config.SESSION_SECRET;
  const options: RecoveryOption[] = [];
  if (user.email_address) {
    options.push({ type: 'email', value: maskEmail(user.email_address), key: sealOptionKey(secret, user.id, 'email') });
  }
  if (user.phone_number) {
    options.push({ type: 'phone', value: maskPhone(user.phone_number), key: sealOptionKey(secret, user.id, 'phone') });
  }
  return { isValid: options.length > 0, options };
}

function messageFor(code: string, channel: 'email' | 'phone') {
  const minutes = OTP_TTL_MINUTES;
  if (channel === 'email') {
    return {
      subject: 'Your account recovery code',
      body:
        `Your code to reset the password of your account is ${code}.\n\n` +
        `It expires in ${minutes} minutes. If you did not ask for it, you can ignore this message; your password stays unchanged.`,
    };
  }
  return { subject: 'Account recovery code', body: `${code} is your account recovery code. It expires in ${minutes} minutes.` };
}

/**
 * Checks the challenge of the chosen option and sends a new code through that channel.
 * Asking again from the same client address (the wizard's resend) replaces the code asked
 * for from there, at most once every OTP_RESEND_INTERVAL_SECONDS and a few times an hour.
 * Codes asked for from other addresses are left alone, so that a stranger who knows the
 * owner's e-mail address can neither delay the owner's code nor make it stop working.
 * A code by SMS also counts against its number's own budget (smsNumberRules), shared with
 * every account and with the profile's phone verification.
 */
export async function sendCode(ctx: RequestContext, { option }: z.output<typeof recoveryChannelInputSchema>): Promise<{ otpToken: string }> {
  await limitByAddress(ctx);
  const secret = ctx.config.SESSION_SECRET;
  const reference = openOptionKey(secret, option.key);
  if (!reference || reference.type !== option.type) throw new AppError('validation', RECOVERY_EXPIRED);
  const user = await repo.findUserById(ctx.db, reference.uid);
  if (!user || user.disabled_at) throw new AppError('validation', RECOVERY_EXPIRED);

  // Only wrong details count against the challenge limits.
  const challenge = await consumeRateLimits(ctx.db, recoveryChallengeFailureRules(user.id, ctx.ip));
  const destination = option.type === 'email' ? user.email_address : user.phone_number;
  const matches =
    destination !== null &&
    (option.type === 'email' ? emailChallengeMatches(destination, option.challenge) : phoneChallengeMatches(destination, option.challenge));
  if (!matches || destination === null) throw new AppError('validation', MESSAGES.challengeMismatch);
  await challenge.release();

  const requestedFrom = rateLimitAddress(ctx.ip);
  const otpToken = newOtpToken();
  const tokenHash = hashOtpToken(otpToken);
  const code = newOtpCode();
  const content = messageFor(code, option.type);
  await ctx.db.transaction().execute(async (trx) => {
    // One code request of an account at a time, so the resend interval read below (in the
    // next statement) sees every code asked for before.
    await tokens.lockAccountForCodes(trx, user.id);
    const ageSeconds = await tokens.latestCodeAgeSeconds(trx, user.id, requestedFrom);
    if (ageSeconds !== undefined && ageSeconds < OTP_RESEND_INTERVAL_SECONDS) {
      const wait = Math.ceil(OTP_RESEND_INTERVAL_SECONDS - ageSeconds);
      throw new AppError('rate-limited', `Please wait ${wait} seconds before requesting a new code`, {
        retryAfterSeconds: wait,
      });
    }
    // Counted in this transaction: a request that fails after this point counts for nothing. A code
    // by SMS also counts against its number, whichever account asks (the rows stay locked until
    // commit, so simultaneous requests for one number are counted one after another).
    await consumeRateLimits(
      trx,
      option.type === 'phone' ? [...recoveryCodeRules(user.id, ctx.ip), ...smsNumberRules(destination)] : recoveryCodeRules(user.id, ctx.ip),
    );
    await tokens.consumeCodesFrom(trx, user.id, requestedFrom);
    await tokens.insertRecoveryToken(trx, {
      userId: user.id,
      tokenHash,
      codeHash: hashOtpCode(secret, tokenHash, code),
      channel: option.type,
      requestedFrom,
      ttlMinutes: OTP_TTL_MINUTES,
    });
    await queueMessage(trx, {
      channel: option.type === 'email' ? 'email' : 'sms',
      recipient: destination,
      subject: content.subject,
      body: content.body,
      purpose: 'account-recovery',
    });
  });
  return { otpToken };
}

type CheckOutcome = { ok: true; userId: string; tokenId: string } | { ok: false; error: AppError };

/**
 * Checks a code against its token under a row lock. A wrong code is counted and
 * committed before the error is thrown; the fifth wrong code burns the token.
 */
async function checkCode(db: Db, secret: string, otpToken: string, otp: string): Promise<CheckOutcome> {
  const tokenHash = hashOtpToken(otpToken);
  return db.transaction().execute(async (trx): Promise<CheckOutcome> => {
    const row = await tokens.lockRecoveryToken(trx, tokenHash);
    if (!row || row.consumed_at) return { ok: false, error: new AppError('validation', MESSAGES.otpTokenInvalid) };
    if (row.wrong_attempts >= OTP_MAX_WRONG_ATTEMPTS) return { ok: false, error: new AppError('validation', MESSAGES.otpBurned) };
    if (row.expired) return { ok: false, error: new AppError('validation', MESSAGES.otpExpired) };
    if (!otpCodeMatches(secret, tokenHash, otp, row.code_hash)) {
      const attempts = row.wrong_attempts + 1;
      await tokens.setWrongAttempts(trx, row.id, attempts);
      const left = OTP_MAX_WRONG_ATTEMPTS - attempts;
      return {
        ok: false,
        error: new AppError('validation', left > 0 ? `${MESSAGES.otpWrong}. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.` : MESSAGES.otpBurned),
      };
    }
    return { ok: true, userId: row.user_id, tokenId: row.id };
  });
}

export async function verifyCode(ctx: RequestContext, input: z.output<typeof otpVerificationInputSchema>): Promise<{ status: 'valid' }> {
  await limitByAddress(ctx);
  const outcome = await checkCode(ctx.db, ctx.config.SESSION_SECRET, input.otpToken, input.otp);
  if (!outcome.ok) throw outcome.error;
  await tokens.markTokenVerified(ctx.db, outcome.tokenId);
  return { status: 'valid' };
}

/** Sets the new password, uses up the code and ends every session of the account. */
export async function resetPassword(ctx: RequestContext, input: z.output<typeof recoveryExecuteInputSchema>): Promise<{ status: 'success' }> {
  await limitByAddress(ctx);
  const outcome = await checkCode(ctx.db, ctx.config.SESSION_SECRET, input.otpToken, input.otp);
  if (!outcome.ok) throw outcome.error;
  const passwordHash = await hashPassword(input.newPassword);
  const consumed = await ctx.db.transaction().execute(async (trx) => {
    const token = await tokens.consumeToken(trx, outcome.tokenId);
    // A second, simultaneous reset with the same code finds it used up.
    if (!token) return false;
    await repo.updatePasswordHash(trx, outcome.userId, passwordHash);
    await repo.endAllSessions(trx, outcome.userId);
    return true;
  });
  if (!consumed) throw new AppError('validation', MESSAGES.otpTokenInvalid);
  const actor = await ctx.actor();
  if (actor?.id === outcome.userId) ctx.session.clear();
  return { status: 'success' };
}
