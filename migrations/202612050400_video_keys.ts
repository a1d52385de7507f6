import { sql, type Kysely } from 'kysely';

/**
 * video_keys: the AES-128 key of each video's HLS segments, made when its processing first starts
 * and kept for the life of the file (re-processing and replacing keep it). The key is stored sealed
 * (AES-256-GCM under a key derived from SESSION_SECRET, the asset id as associated data), so a copy
 * of the database alone holds no usable key. `encrypted_prefix` is the output version whose every
 * segment is known to be encrypted with it; a ready video whose output_prefix differs is what the
 * encryption backfill looks at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('video_keys')
    .addColumn('asset_id', 'uuid', (c) => c.primaryKey().references('assets.id').onDelete('cascade'))
    .addColumn('sealed_key', 'bytea', (c) => c.notNull())
    .addColumn('encrypted_prefix', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_keys').execute();
}
