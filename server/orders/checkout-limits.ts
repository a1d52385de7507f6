import { COUPON_USE_MESSAGES } from '../../shared/commerce/coupon-use.rules.ts';
import { rateLimitAddress } from '../rate-limit/client-address.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';

const MINUTE = 60;

/** Orders one student may start: enough for a few changes of mind, not for flooding Razorpay with orders. */
export const ORDERS_PER_STUDENT = { max: 10, windowSeconds: 10 * MINUTE };
/** Coupon codes that are not valid (unknown or switched off), per account and per address: guessing codes stops here. */
export const WRONG_COUPONS_PER_ACCOUNT = { max: 10, windowSeconds: 15 * MINUTE };
export const WRONG_COUPONS_PER_ADDRESS = { max: 30, windowSeconds: 15 * MINUTE };

export const ORDER_LIMIT_MESSAGE = (seconds: number) => `Too many orders in a short time. Please try again in ${Math.ceil(seconds / 60)} minutes.`;

export function orderRules(userId: string): RateLimitRule[] {
  return [{ key: `checkout:orders:${userId}`, ...ORDERS_PER_STUDENT, message: ORDER_LIMIT_MESSAGE }];
}

export function wrongCouponRules(userId: string, ip: string): RateLimitRule[] {
  return [
    { key: `checkout:coupon-guess:account:${userId}`, ...WRONG_COUPONS_PER_ACCOUNT, message: COUPON_USE_MESSAGES.tooManyGuesses },
    { key: `checkout:coupon-guess:address:${rateLimitAddress(ip)}`, ...WRONG_COUPONS_PER_ADDRESS, message: COUPON_USE_MESSAGES.tooManyGuesses },
  ];
}
