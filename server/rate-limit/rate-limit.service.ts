import { sql } from 'kysely';
import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';

export interface RateLimitRule {
  /** What is being limited, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
  /** What a refused caller is told; a function of the wait in seconds where the message says how long. */
  message?: string | ((retryAfterSeconds: number) => string);
}

/** Hits counted by one call, which can be taken back when what they guarded turns out harmless. */
export interface RateLimitHits {
  /** Takes this call's hits back, in the windows they were counted in (e.g. a sign-in that succeeded). */
  release(): Promise<void>;
}

/** Byte order, as PostgreSQL's "C" collation sorts: the one lock order of both statements below. */
function byKey(a: { key: string }, b: { key: string }): number {
  return Buffer.compare(Buffer.from(a.key), Buffer.from(b.key));
}

interface CountedRow {
  key: string;
  hits: number;
  /** The window's end as PostgreSQL wrote it, so a release finds exactly that window. */
  reset_at: string;
  retry_after: number;
}

/**
 * Counts one hit against every rule in a single statement, on fixed windows kept in
 * PostgreSQL so that every server process shares the counts. Keys are written in sorted
 * order, so two calls over overlapping keys lock their rows in the same order.
 *
 * When any rule's maximum is passed, every hit of this call is taken back and the call
 * throws rate-limited (the message of the first refused rule in the order given, and the
 * longest wait among the refused): a refused attempt costs nothing, and a hit that was
 * counted always stands for an attempt that went ahead. Counting before the attempt, not
 * after it, is what keeps the count exact when many attempts arrive at once.
 */
export async function consumeRateLimits(db: Db, rules: readonly RateLimitRule[]): Promise<RateLimitHits> {
  const sorted = [...rules].sort(byKey);
  const values = sorted.map((rule) => sql`(${rule.key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))`);
  const { rows } = await sql<CountedRow>`
    insert into rate_limits as r (key, hits, reset_at)
    values ${sql.join(values)}
    on conflict (key) do update set
      hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.key, r.hits, r.reset_at::text as reset_at, ceil(extract(epoch from (r.reset_at - now())))::int as retry_after`.execute(db);
  const counted = new Map(rows.map((row) => [row.key, row]));
  const release = () => releaseHits(db, rows);
  const refused = rules.filter((rule) => counted.get(rule.key)!.hits > rule.max);
  if (refused.length > 0) {
    await release();
    // A transaction that began before the one that opened the window sees a little more than the
    // window left (now() is when a transaction began): the wait is never told as longer than the window.
    const retryAfterSeconds = Math.max(1, ...refused.map((rule) => Math.min(rule.windowSeconds, counted.get(rule.key)!.retry_after)));
    const { message = MESSAGES.tooManyRequests } = refused[0]!;
    throw new AppError('rate-limited', typeof message === 'function' ? message(retryAfterSeconds) : message, { retryAfterSeconds });
  }
  return { release };
}

/** Counts one hit against a single rule; see consumeRateLimits. */
export async function consumeRateLimit(db: Db, rule: RateLimitRule): Promise<RateLimitHits> {
  return consumeRateLimits(db, [rule]);
}

async function releaseHits(db: Db, rows: readonly CountedRow[]): Promise<void> {
  const sorted = [...rows].sort(byKey);
  const keys = sorted.map((row) => row.key);
  const resets = sorted.map((row) => row.reset_at);
  // The rows are locked in key order first, as the counting statement does, so that a release
  // and a count running at once over the same keys cannot deadlock. A window that has ended
  // since is left alone: its successor never counted this hit.
  await sql`
    with locked as (
      select key from rate_limits where key = any(${keys}::text[]) order by key collate "C" for update
    )
    update rate_limits r set hits = r.hits - 1
    from unnest(${keys}::text[], ${resets}::timestamptz[]) as released(key, reset_at)
    where r.key = released.key and r.reset_at = released.reset_at and r.hits > 0
      and r.key in (select key from locked)`.execute(db);
}

/** Forgets a key, e.g. the failed sign-ins of an address after a successful one. */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export async function deleteExpiredRateLimits(db: Db): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Whether a rule's maximum has been reached in its current window, counting nothing: for limits
 * that count only failures, checked before the attempt so that a caller who reached it learns
 * nothing more, and then counted (consumeRateLimit) only when the attempt fails.
 */
export async function rateLimitReached(db: Db, rule: RateLimitRule): Promise<AppError | null> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', sql<number>`ceil(extract(epoch from (reset_at - now())))::int`.as('retry_after')])
    .where('key', '=', rule.key)
    .where('reset_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row || row.hits < rule.max) return null;
  const retryAfterSeconds = Math.max(1, Math.min(rule.windowSeconds, row.retry_after));
  const message = rule.message ?? MESSAGES.tooManyRequests;
  return new AppError('rate-limited', typeof message === 'function' ? message(retryAfterSeconds) : message, { retryAfterSeconds });
}
