import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import type { ChainedEntry } from './audit-chain.ts';

export type ChainedRow = ChainedEntry & { prevHash: Buffer; hash: Buffer };

/** The chain's last seq and hash, its row locked until the calling transaction ends. */
export async function lockChainHead(trx: Transaction<Database>): Promise<{ seq: number; hash: Buffer }> {
  const { rows } = await sql<{ seq: string; hash: Buffer }>`select seq, hash from audit_chain_head for update`.execute(trx);
  return { seq: Number(rows[0]!.seq), hash: rows[0]!.hash };
}

/** A text[] literal of the roles (a list of lists cannot be unnested into rows). */
const rolesLiteral = (roles: readonly string[]) => `{${roles.map((role) => JSON.stringify(role)).join(',')}}`;

/** Inserts the entries and moves the head to the last of them, in one statement. */
export async function appendEntries(trx: Transaction<Database>, rows: readonly ChainedRow[]): Promise<void> {
  const last = rows.at(-1)!;
  await sql`with added as (
      insert into audit_log (seq, at, actor_id, actor_name, actor_roles, action, resource_type, resource_id, resource_title, changes, ip, prev_hash, hash)
      select seq, at, actor_id, actor_name, actor_roles::text[], action, resource_type, resource_id, resource_title, changes, ip, prev_hash, hash
      from unnest(
        ${rows.map((row) => row.seq)}::bigint[], ${rows.map((row) => row.at)}::timestamptz[],
        ${rows.map((row) => row.actorId)}::uuid[], ${rows.map((row) => row.actorName)}::text[],
        ${rows.map((row) => rolesLiteral(row.actorRoles))}::text[],
        ${rows.map((row) => row.action)}::text[], ${rows.map((row) => row.resourceType)}::text[],
        ${rows.map((row) => row.resourceId)}::text[], ${rows.map((row) => row.resourceTitle)}::text[],
        ${rows.map((row) => JSON.stringify(row.changes))}::jsonb[], ${rows.map((row) => row.ip)}::text[],
        ${rows.map((row) => row.prevHash)}::bytea[], ${rows.map((row) => row.hash)}::bytea[]
      ) as added (seq, at, actor_id, actor_name, actor_roles, action, resource_type, resource_id, resource_title, changes, ip, prev_hash, hash)
    )
    update audit_chain_head set seq = ${last.seq}, hash = ${last.hash}`.execute(trx);
}
