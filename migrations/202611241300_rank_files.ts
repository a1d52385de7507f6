import { sql, type Kysely } from 'kysely';

/**
 * Rank files: a rank list over a group of exams. The file's own fields join the table made with
 * the rate cards; its groups become rows (each may point at an exam, which then cannot be deleted);
 * a sync stores each student's total over the exams' first attempts and their rank.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rank_files')
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('publish_warnings', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_index', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('banner_image_id', 'uuid', (c) => c.references('assets.id').onDelete('restrict'))
    .addColumn('is_rank_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rank_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rank_participants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_rank_refresh', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('rank_files').dropColumn('groups').execute();
  await db.schema.createIndex('rank_files_created_idx').on('rank_files').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('rank_files_banner_image_id_idx').on('rank_files').column('banner_image_id').execute();
  await db.schema.createIndex('rank_files_master_subscription_idx').on('rank_files').column('master_subscription_id').execute();

  await db.schema
    .createTable('rank_file_groups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('rank_file_id', 'uuid', (c) => c.notNull().references('rank_files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('res_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('exam_id', 'uuid', (c) => c.references('exams.id').onDelete('restrict'))
    .addUniqueConstraint('rank_file_groups_position_unique', ['rank_file_id', 'position'], (c) => c.deferrable().initiallyDeferred())
    .addUniqueConstraint('rank_file_groups_res_id_unique', ['rank_file_id', 'res_id'])
    .execute();
  await db.schema.createIndex('rank_file_groups_exam_idx').on('rank_file_groups').column('exam_id').execute();

  await db.schema
    .createTable('rank_file_results')
    .addColumn('rank_file_id', 'uuid', (c) => c.notNull().references('rank_files.id').onDelete('cascade'))
    .addColumn('rank_version', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('total', sql`numeric(14,4)`, (c) => c.notNull())
    .addColumn('exams_taken', 'integer', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rank_file_results_pk', ['rank_file_id', 'rank_version', 'user_id'])
    .execute();
  await db.schema.createIndex('rank_file_results_rank_idx').on('rank_file_results').columns(['rank_file_id', 'rank_version', 'rank']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rank_file_results').execute();
  await db.schema.dropTable('rank_file_groups').execute();
  for (const index of ['rank_files_created_idx', 'rank_files_banner_image_id_idx', 'rank_files_master_subscription_idx'])
    await db.schema.dropIndex(index).execute();
  await db.schema
    .alterTable('rank_files')
    .addColumn('groups', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .alterTable('rank_files')
    .dropColumn('is_visible')
    .dropColumn('is_published')
    .dropColumn('publish_warnings')
    .dropColumn('description')
    .dropColumn('sort_index')
    .dropColumn('banner_image_id')
    .dropColumn('is_rank_published')
    .dropColumn('rank_version')
    .dropColumn('rank_participants')
    .dropColumn('last_rank_refresh')
    .dropColumn('created_by')
    .execute();
}
