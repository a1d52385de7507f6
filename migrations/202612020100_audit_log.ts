import { sql, type Kysely } from 'kysely';

/**
 * The audit log: one row per change staff make, written in the change's own transaction.
 *
 * Rows form a hash chain: `seq` counts from 1 without gaps, each row holds the hash of the one before
 * (`prev_hash`) and its own `hash` over its content and `prev_hash`. `audit_chain_head` holds the last
 * seq and hash; a writer locks it for the rest of its transaction, so rows are chained in the order
 * their transactions commit and a rolled-back change leaves neither a row nor a gap.
 *
 * The rows name their actor by id, name and roles as they were: there is no foreign key, so removing
 * or renaming an account never changes a row (and so never its hash). Triggers refuse UPDATE, DELETE
 * and TRUNCATE of the log, so only someone who first drops them can edit it, and `npm run
 * audit:verify` then names the first row edited, removed or reordered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table audit_log (
    seq bigint primary key check (seq > 0),
    at timestamptz not null,
    actor_id uuid,
    actor_name text not null,
    actor_roles text[] not null,
    action text not null,
    resource_type text not null,
    resource_id text,
    resource_title text,
    changes jsonb not null,
    ip text,
    prev_hash bytea not null check (length(prev_hash) = 32),
    hash bytea not null check (length(hash) = 32)
  )`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at desc, seq desc)`.execute(db);
  await sql`create index audit_log_actor_idx on audit_log (actor_id, seq desc)`.execute(db);
  await sql`create index audit_log_resource_idx on audit_log (resource_type, resource_id, seq desc)`.execute(db);
  await sql`create index audit_log_action_idx on audit_log (action, seq desc)`.execute(db);

  await sql`create table audit_chain_head (
    only_row boolean primary key default true check (only_row),
    seq bigint not null,
    hash bytea not null check (length(hash) = 32)
  )`.execute(db);
  await sql`insert into audit_chain_head (seq, hash) values (0, decode(repeat('00', 32), 'hex'))`.execute(db);

  await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'The audit log is append-only' using errcode = 'insufficient_privilege';
    end
  $$`.execute(db);
  await sql`create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table audit_chain_head`.execute(db);
  await sql`drop table audit_log`.execute(db);
  await sql`drop function audit_log_append_only()`.execute(db);
}
