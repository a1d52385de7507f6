import { sql, type Kysely } from 'kysely';

/**
 * Bearer tokens for the student apps are sessions too: a row of `user_sessions` that holds the
 * SHA-256 of its token (never the token), the account's session version when it was issued (a
 * password set anywhere makes it fail, as it does an older cookie) and when it was last used (the
 * idle timeout counts from there; a cookie carries these two itself). Cookie sessions leave
 * `token_hash` and `last_seen_at` null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table user_sessions
    add column token_hash bytea unique,
    add column session_version integer,
    add column last_seen_at timestamptz`.execute(db);
  await sql`alter table user_sessions add constraint user_sessions_token_complete
    check (token_hash is null or (session_version is not null and last_seen_at is not null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table user_sessions
    drop constraint user_sessions_token_complete,
    drop column last_seen_at,
    drop column session_version,
    drop column token_hash`.execute(db);
}
