import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A limit as the queries take it: at most `max` hits on `key` in any span `windowSeconds` long. */
export interface HitLimit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** A hit that was counted, with its time exactly as PostgreSQL wrote it, so that it can be taken back. */
export interface CountedHit {
  key: string;
  hitAt: string;
}

/** The limits as a `limits (key, max_hits, window_seconds)` relation for the statements below. */
function limitsRelation(limits: readonly HitLimit[]) {
  const rows = limits.map((limit) => sql`(${limit.key}::text, ${limit.max}::int, ${limit.windowSeconds}::float8)`);
  return sql`limits (key, max_hits, window_seconds) as (values ${sql.join(rows)})`;
}

/**
 * Counts a hit on each key that has had fewer than its maximum in the span just ended, in one
 * statement, and answers the keys counted (a key left out was refused and is unchanged).
 *
 * Each key's row holds the times of its latest hits, oldest first, at most `max` of them: a key
 * has room when it holds fewer, or when the oldest of its latest `max` is a window old. That is
 * one look at one element, however large the maximum. ON CONFLICT DO UPDATE locks the row and reads
 * its latest version for both the check (WHERE) and the write (SET), so two statements at once
 * cannot both take the last place. The time of a hit is the database's clock read once the row is
 * locked, so a key's times only grow and every server shares one clock; the check reads the clock a
 * moment before the write does, which can only make it stricter. Rows are written in `limits`'
 * order: callers sort them, so that calls over overlapping keys lock in one order.
 */
export async function countHits(db: Db, limits: readonly HitLimit[]): Promise<CountedHit[]> {
  const { rows } = await sql<{ key: string; hit_at: string }>`
    with ${limitsRelation(limits)}
    insert into rate_limits as r (key, hits, hit_times, reset_at)
    select l.key, 1, array[c.at], c.at + make_interval(secs => l.window_seconds)
    from limits l cross join lateral (select clock_timestamp() as at) c
    where l.max_hits > 0
    order by l.key collate "C"
    on conflict (key) do update set (hits, hit_times, reset_at) = (
      select least(cardinality(r.hit_times), l.max_hits - 1) + 1,
        r.hit_times[greatest(1, cardinality(r.hit_times) - l.max_hits + 2):] || c.at,
        c.at + make_interval(secs => l.window_seconds)
      from limits l cross join lateral (select clock_timestamp() as at) c
      where l.key = r.key
    )
    where (
      select cardinality(r.hit_times) < l.max_hits
        or r.hit_times[cardinality(r.hit_times) - l.max_hits + 1] <= clock_timestamp() - make_interval(secs => l.window_seconds)
      from limits l where l.key = r.key
    )
    returning r.key, r.hit_times[cardinality(r.hit_times)]::text as hit_at`.execute(db);
  return rows.map((row) => ({ key: row.key, hitAt: row.hit_at }));
}

/**
 * Takes counted hits back: each removes one hit of its key at exactly its time, if it is still
 * kept. The rows are locked in key order first, as countHits writes them, so that taking back and
 * counting over the same keys at once cannot deadlock.
 */
export async function removeHits(db: Db, hits: readonly CountedHit[]): Promise<void> {
  if (hits.length === 0) return;
  const keys = hits.map((hit) => hit.key);
  const times = hits.map((hit) => hit.hitAt);
  await sql`
    with locked as (
      select key from rate_limits where key = any(${keys}::text[]) order by key collate "C" for update
    ),
    removed (key, hit_at) as (select * from unnest(${keys}::text[], ${times}::timestamptz[]))
    update rate_limits r set
      hit_times = r.hit_times[:array_position(r.hit_times, removed.hit_at) - 1] || r.hit_times[array_position(r.hit_times, removed.hit_at) + 1:],
      hits = cardinality(r.hit_times) - 1
    from removed
    where r.key = removed.key and array_position(r.hit_times, removed.hit_at) is not null
      and r.key in (select key from locked)`.execute(db);
}

/** A key that has reached its limit, and in how many seconds it has room again. */
export interface ReachedLimit {
  key: string;
  retryAfterSeconds: number;
}

/**
 * The keys that have their maximum in the span just ended, counting nothing: the oldest of their
 * latest `max` hits is less than a window old, and room comes back exactly when it turns a window old.
 */
export async function reachedLimits(db: Db, limits: readonly HitLimit[]): Promise<ReachedLimit[]> {
  const { rows } = await sql<{ key: string; retry_after: number }>`
    with ${limitsRelation(limits)}
    select l.key, ceil(extract(epoch from (w.oldest + make_interval(secs => l.window_seconds) - c.at)))::int as retry_after
    from limits l
    join rate_limits r on r.key = l.key
    cross join lateral (select clock_timestamp() as at) c
    cross join lateral (select r.hit_times[cardinality(r.hit_times) - l.max_hits + 1] as oldest) w
    where cardinality(r.hit_times) >= l.max_hits and w.oldest > c.at - make_interval(secs => l.window_seconds)`.execute(db);
  return rows.map((row) => ({ key: row.key, retryAfterSeconds: row.retry_after }));
}

export async function deleteKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Removes the rows whose newest hit is older than their span: they count nothing any more. */
export async function deleteExpired(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('reset_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
