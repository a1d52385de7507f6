import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import * as repo from './rate-limit.repository.ts';

export interface RateLimitRule {
  /** What is being limited, e.g. `login:ip:1.2.3.4`. */
  key: string;
  /** At most this many hits in any span of `windowSeconds`. */
  max: number;
  windowSeconds: number;
  /** What a refused caller is told; a function of the wait in seconds where the message says how long. */
  message?: string | ((retryAfterSeconds: number) => string);
}

/** Hits counted by one call, which can be taken back when what they guarded turns out harmless. */
export interface RateLimitHits {
  /** Takes this call's hits back (e.g. a sign-in that succeeded). */
  release(): Promise<void>;
}

/** Byte order, as PostgreSQL's "C" collation sorts: the one lock order of every statement on the rows. */
function byKey(a: { key: string }, b: { key: string }): number {
  return Buffer.compare(Buffer.from(a.key), Buffer.from(b.key));
}

function refusal(rule: RateLimitRule, retryAfterSeconds: number): AppError {
  const { message = MESSAGES.tooManyRequests } = rule;
  return new AppError('rate-limited', typeof message === 'function' ? message(retryAfterSeconds) : message, { retryAfterSeconds });
}

/** The wait told to a refused caller: at least a second, and never more than the window. */
function waitFor(rule: RateLimitRule, reached: repo.ReachedLimit | undefined): number {
  return Math.max(1, Math.min(rule.windowSeconds, reached?.retryAfterSeconds ?? 1));
}

/**
 * Counts one hit against every rule in a single statement, on a log of each key's hit times kept in
 * PostgreSQL, so that every server process shares the counts and a limit of N in T holds in any span
 * T long (a window that starts at each hit, not at fixed moments). A key that already has its
 * maximum in the span just ended is not counted.
 *
 * When any rule refuses, the hits this call counted on the other rules are taken back and the call
 * throws rate-limited (the message of the first refused rule in the order given, and the longest wait
 * among the refused: exactly when the oldest hit in the way turns T old). A refused attempt costs
 * nothing, and a hit that was counted always stands for an attempt that went ahead. Counting before
 * the attempt, not after it, is what keeps the count exact when many attempts arrive at once.
 */
export async function consumeRateLimits(db: Db, rules: readonly RateLimitRule[]): Promise<RateLimitHits> {
  const counted = await repo.countHits(db, [...rules].sort(byKey));
  const release = () => repo.removeHits(db, counted);
  const countedKeys = new Set(counted.map((hit) => hit.key));
  const refused = rules.filter((rule) => !countedKeys.has(rule.key));
  if (refused.length > 0) {
    await release();
    // Room that came back since (the oldest hit turning a window old) is a wait of a second.
    const reached = new Map((await repo.reachedLimits(db, refused)).map((limit) => [limit.key, limit]));
    const retryAfterSeconds = Math.max(...refused.map((rule) => waitFor(rule, reached.get(rule.key))));
    throw refusal(refused[0]!, retryAfterSeconds);
  }
  return { release };
}

/** Counts one hit against a single rule; see consumeRateLimits. */
export async function consumeRateLimit(db: Db, rule: RateLimitRule): Promise<RateLimitHits> {
  return consumeRateLimits(db, [rule]);
}

/** Forgets a key, e.g. the failed sign-ins of an address after a successful one. */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await repo.deleteKey(db, key);
}

/** Removes the keys whose hits are all older than their window. */
export async function deleteExpiredRateLimits(db: Db): Promise<number> {
  return repo.deleteExpired(db);
}

/**
 * Whether a rule's maximum has been reached in the span just ended, counting nothing: for limits
 * that count only failures, checked before the attempt so that a caller who reached it learns
 * nothing more, and then counted (consumeRateLimit) only when the attempt fails.
 */
export async function rateLimitReached(db: Db, rule: RateLimitRule): Promise<AppError | null> {
  const [reached] = await repo.reachedLimits(db, [rule]);
  return reached ? refusal(rule, waitFor(rule, reached)) : null;
}
