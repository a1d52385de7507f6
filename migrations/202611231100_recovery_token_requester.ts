import type { Kysely } from 'kysely';

/**
 * The client address (an IPv6 address as its /64 network) that asked for each recovery
 * code. A new code replaces only the codes asked for from the same address, and the resend
 * interval counts per address, so a stranger asking for codes cannot cancel or delay the
 * owner's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recovery_tokens').addColumn('requested_from', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recovery_tokens').dropColumn('requested_from').execute();
}
