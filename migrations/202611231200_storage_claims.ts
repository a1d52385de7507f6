import { sql, type Kysely } from 'kysely';

/**
 * Storage keys being written by an upload that has not recorded its file yet. The hourly
 * cleanup removes stored files no row refers to; a claim keeps it from removing the file of an
 * upload still under way (the first file of a request whose later files take hours to arrive).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('storage_claims')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('storage_claims_claimed_at_idx').on('storage_claims').column('claimed_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('storage_claims').execute();
}
