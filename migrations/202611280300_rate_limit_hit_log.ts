import { sql, type Kysely } from 'kysely';

/**
 * Rate limits keep the times of the hits they counted, so that a limit of N in T holds in any span
 * T long, not only inside fixed windows (which let 2N through across a window's end). `hits` stays
 * the number of times kept; `reset_at` becomes the moment the newest of them turns T old, after
 * which the row counts nothing and the cleanup removes it.
 *
 * A window still open when this runs keeps its count: its hits are taken as made now, which holds
 * them at least as long as the window would have (the row goes at the window's old end or later).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_limits add column hit_times timestamptz[] not null default '{}'`.execute(db);
  await sql`delete from rate_limits where reset_at <= now() or hits <= 0`.execute(db);
  await sql`update rate_limits set hit_times = array_fill(now(), array[hits])`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_limits drop column hit_times`.execute(db);
}
