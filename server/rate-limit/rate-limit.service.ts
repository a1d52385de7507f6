import { sql } from 'kysely';
import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';

export interface RateLimitRule {
  /** What is being limited, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
  message?: string;
}

/**
 * Counts one hit against a fixed window kept in PostgreSQL, so that every server
 * process behind a load balancer shares the same count. Throws rate-limited with
 * Retry-After once the window's maximum is passed.
 */
export async function consumeRateLimit(db: Db, rule: RateLimitRule): Promise<void> {
  const { rows } = await sql<{ hits: number; retry_after: number }>`
    insert into rate_limits as r (key, hits, reset_at)
    values (${rule.key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning hits, ceil(extract(epoch from (reset_at - now())))::int as retry_after`.execute(db);
  const row = rows[0]!;
  if (row.hits > rule.max) {
    const retryAfterSeconds = Math.max(1, row.retry_after);
    throw new AppError('rate-limited', rule.message ?? MESSAGES.tooManyRequests, { retryAfterSeconds });
  }
}

/** Forgets a key, e.g. an account's failed sign-ins after a successful one. */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export async function deleteExpiredRateLimits(db: Db): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
