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
 * Each key's row holds the times of its hits. ON CONFLICT DO UPDATE locks the row and reads its
 * latest version for both the check (WHERE) and the write (SET), so two statements at once cannot
 * both take the last place. The time of a hit is the database's clock read once the row is locked,
 * so a key's times only grow and all servers share one clock. The check reads the clock a moment
 * before the write does; the count can only fall in between, so the check is never too lenient.
 * Only hits inside the span are kept, at most `max` of them, so a row stays small. Rows are written
 * in `limits`' order: callers sort them, so that calls over overlapping keys lock in one order.
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
      select cardinality(kept.times) + 1, kept.times || c.at, c.at + make_interval(secs => l.window_seconds)
      from limits l
      cross join lateral (select clock_timestamp() as at) c
      cross join lateral (
        select coalesce(array_agg(t order by t), '{}') as times
        from unnest(r.hit_times) t
        where t > c.at - make_interval(secs => l.window_seconds)
      ) kept
      where l.key = r.key
    )
    where (
      select count(*) from limits l, unnest(r.hit_times) t
      where l.key = r.key and t > clock_timestamp() - make_interval(secs => l.window_seconds)
    ) < (select l.max_hits from limits l where l.key = r.key)
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

/** How a key stands against its limit now: its hits in the span just ended, and when one more is let in. */
export interface HitCount {
  key: string;
  counted: number;
  /** Seconds until the count falls below the maximum (null when it is already below). */
  retryAfterSeconds: number | null;
}

/**
 * The hits of each key inside its span, counting nothing. A key at or over its maximum has room
 * again when the hit that puts it there turns `windowSeconds` old: with `counted` hits kept and
 * room for `max`, that is the (counted - max + 1)th oldest.
 */
export async function hitCounts(db: Db, limits: readonly HitLimit[]): Promise<HitCount[]> {
  const { rows } = await sql<{ key: string; counted: number; retry_after: number | null }>`
    with ${limitsRelation(limits)}
    select l.key, w.counted,
      case when w.counted >= l.max_hits then ceil(extract(epoch from (w.room_at - c.at)))::int end as retry_after
    from limits l
    join rate_limits r on r.key = l.key
    cross join lateral (select clock_timestamp() as at) c
    cross join lateral (
      select count(*)::int as counted,
        (array_agg(t order by t))[greatest(1, count(*) - l.max_hits + 1)] + make_interval(secs => l.window_seconds) as room_at
      from unnest(r.hit_times) t
      where t > c.at - make_interval(secs => l.window_seconds)
    ) w`.execute(db);
  return rows.map((row) => ({ key: row.key, counted: row.counted, retryAfterSeconds: row.retry_after }));
}

export async function deleteKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Removes the rows whose newest hit is older than their span: they count nothing any more. */
export async function deleteExpired(db: Db): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
