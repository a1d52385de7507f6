import type { Kysely } from 'kysely';

/** The All users list reads accounts newest first, a page at a time. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_created_idx').execute();
}
