import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import { waitInWords } from '../../shared/auth/recovery.rules.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { rateLimitAddress } from '../rate-limit/client-address.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Sign-in and recovery limits.
 *
 * What a stranger does against an account is counted per (account, client address) pair:
 * a tight window, and a daily cap so that one address cannot use up more than a tenth of
 * the account's own daily budget. The account's daily budget is what stops guessing spread
 * over many addresses. To keep an owner out for a day, a stranger must therefore keep ten
 * addresses busy (ten IPv6 /64 networks: addresses within one count as one) all day, and
 * the owner can still recover through support; an owner at an address that has not failed
 * is never held up by failures from elsewhere until then.
 */
export const LIMITS = {
  /** Failed sign-ins from one address, across all accounts. */
  signInFailuresPerAddress: { max: 60, windowSeconds: 10 * MINUTE },
  signInFailuresPerPair: { max: 10, windowSeconds: 15 * MINUTE },
  signInFailuresPerPairPerDay: { max: 50, windowSeconds: DAY },
  signInFailuresPerAccount: { max: 500, windowSeconds: DAY },

  registerPerAddress: { max: 20, windowSeconds: HOUR },

  /** Every recovery call from one address, across all accounts. */
  recoveryPerAddress: { max: 40, windowSeconds: 15 * MINUTE },
  recoveryLookupsPerPair: { max: 10, windowSeconds: 15 * MINUTE },
  recoveryLookupsPerPairPerDay: { max: 50, windowSeconds: DAY },
  recoveryLookupsPerAccount: { max: 500, windowSeconds: DAY },
  /** Wrong e-mail addresses or phone numbers given for an account's recovery option. */
  recoveryChallengeFailuresPerPair: { max: 10, windowSeconds: HOUR },
  recoveryChallengeFailuresPerPairPerDay: { max: 20, windowSeconds: DAY },
  recoveryChallengeFailuresPerAccount: { max: 200, windowSeconds: DAY },
  /** Codes sent; the account's budget also bounds the messages its owner can be sent in a day. */
  recoveryCodesPerPair: { max: 5, windowSeconds: HOUR },
  recoveryCodesPerPairPerDay: { max: 10, windowSeconds: DAY },
  recoveryCodesPerAccount: { max: 50, windowSeconds: DAY },
  /**
   * Codes sent by SMS to one number, whichever account asked and for what (recovery or adding the
   * number to a profile): what stops many accounts from flooding one phone with messages.
   */
  smsCodesPerNumber: { max: 5, windowSeconds: HOUR },
  smsCodesPerNumberPerDay: { max: 10, windowSeconds: DAY },

  /** Wrong current passwords given to change the password: only a signed-in session can try. */
  passwordChangeFailuresPerAccount: { max: 5, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, Omit<RateLimitRule, 'key' | 'message'>>;

export const SIGN_IN_LIMIT_MESSAGE = 'Too many sign-in attempts for this account. Please try again later.';
export const RECOVERY_CODES_LIMIT_MESSAGE = 'Too many codes were requested for this account. Please try again later.';
export const SMS_NUMBER_LIMIT_MESSAGE = (retryAfterSeconds: number) =>
  `Too many codes have been sent to this phone number. Please try again in ${waitInWords(retryAfterSeconds)}.`;

/** The rate-limit keys of a sign-in, for an account (its e-mail address, as typed) and a client. */
export function signInKeys(emailAddress: string, ip: string) {
  const address = rateLimitAddress(ip);
  return {
    address: `login:ip:${address}`,
    pair: `login:pair:${emailAddress}:${address}`,
    pairDay: `login:pair-day:${emailAddress}:${address}`,
    account: `login:account:${emailAddress}`,
  };
}

/** The rules a sign-in's failure counts against, the address's own first. */
export function signInFailureRules(emailAddress: string, ip: string): RateLimitRule[] {
  const keys = signInKeys(emailAddress, ip);
  return [
    { key: keys.address, ...LIMITS.signInFailuresPerAddress },
    { key: keys.pair, ...LIMITS.signInFailuresPerPair, message: SIGN_IN_LIMIT_MESSAGE },
    { key: keys.pairDay, ...LIMITS.signInFailuresPerPairPerDay, message: SIGN_IN_LIMIT_MESSAGE },
    { key: keys.account, ...LIMITS.signInFailuresPerAccount, message: SIGN_IN_LIMIT_MESSAGE },
  ];
}

export function addressRule(prefix: 'login' | 'register' | 'recovery', ip: string): RateLimitRule {
  const limits = { login: LIMITS.signInFailuresPerAddress, register: LIMITS.registerPerAddress, recovery: LIMITS.recoveryPerAddress };
  return { key: `${prefix}:ip:${rateLimitAddress(ip)}`, ...limits[prefix] };
}

type PairLimits = Record<'pair' | 'pairDay' | 'account', Omit<RateLimitRule, 'key' | 'message'>>;

function pairRules(name: string, account: string, ip: string, limits: PairLimits, message?: string): RateLimitRule[] {
  const address = rateLimitAddress(ip);
  const withMessage = message ? { message } : {};
  return [
    { key: `${name}:${account}:${address}`, ...limits.pair, ...withMessage },
    { key: `${name}-day:${account}:${address}`, ...limits.pairDay, ...withMessage },
    { key: `${name}-account:${account}`, ...limits.account, ...withMessage },
  ];
}

/** Looking up an account's recovery options, keyed by the e-mail address asked for. */
export function recoveryLookupRules(emailAddress: string, ip: string): RateLimitRule[] {
  return pairRules('recovery:lookup', emailAddress, ip, {
    pair: LIMITS.recoveryLookupsPerPair,
    pairDay: LIMITS.recoveryLookupsPerPairPerDay,
    account: LIMITS.recoveryLookupsPerAccount,
  });
}

export function recoveryChallengeFailureRules(userId: string, ip: string): RateLimitRule[] {
  return pairRules('recovery:challenge', userId, ip, {
    pair: LIMITS.recoveryChallengeFailuresPerPair,
    pairDay: LIMITS.recoveryChallengeFailuresPerPairPerDay,
    account: LIMITS.recoveryChallengeFailuresPerAccount,
  });
}

export function recoveryCodeRules(userId: string, ip: string): RateLimitRule[] {
  return pairRules(
    'recovery:codes',
    userId,
    ip,
    { pair: LIMITS.recoveryCodesPerPair, pairDay: LIMITS.recoveryCodesPerPairPerDay, account: LIMITS.recoveryCodesPerAccount },
    RECOVERY_CODES_LIMIT_MESSAGE,
  );
}

export function passwordChangeFailureRule(userId: string): RateLimitRule {
  return { key: `password-change:${userId}`, ...LIMITS.passwordChangeFailuresPerAccount, message: MESSAGES.tooManyWrongPasswords };
}

/**
 * Codes sent by SMS to a number, counted per number across all accounts and both ways of asking:
 * the key is the number's last 10 digits, however it is written on the account.
 */
export function smsNumberRules(phoneNumber: string): RateLimitRule[] {
  const number = phoneNumber.replace(/[^0-9]/g, '').slice(-10);
  return [
    { key: `sms:number:${number}`, ...LIMITS.smsCodesPerNumber, message: SMS_NUMBER_LIMIT_MESSAGE },
    { key: `sms:number-day:${number}`, ...LIMITS.smsCodesPerNumberPerDay, message: SMS_NUMBER_LIMIT_MESSAGE },
  ];
}
