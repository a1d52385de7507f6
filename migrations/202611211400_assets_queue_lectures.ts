import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('assets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('image', 'video', 'pdf', 'spreadsheet')`))
    .addColumn('access_mode', 'text', (c) => c.notNull().check(sql`access_mode in ('public', 'private')`))
    .addColumn('size_in_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('uploaded')
        .check(sql`state in ('uploaded', 'preparing', 'downloading', 'processing', 'post-processing', 'uploading', 'ready', 'failed')`),
    )
    .addColumn('process_progress', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('renditions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Processed outputs live under a versioned prefix; it is set only once they are complete.
    .addColumn('output_prefix', 'text')
    .addColumn('poster_key', 'text')
    .addColumn('duration_seconds', sql`double precision`)
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('has_converted_to_image', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('page_count', 'integer')
    .addColumn('failure_reason', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('state_updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('assets_kind_state_idx').on('assets').columns(['kind', 'state']).execute();

  await db.schema
    .createTable('queue_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('asset_id', 'uuid', (c) => c.notNull().unique().references('assets.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('video', 'pdf')`))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`state in ('queued', 'preparing', 'downloading', 'processing', 'post-processing', 'uploading', 'ready', 'failed')`),
    )
    .addColumn('process_progress', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // Lower runs first: a file triggered on its own goes ahead of bulk pulls.
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_reason', 'text')
    .addColumn('last_state_updated_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('queue_items_state_idx').on('queue_items').columns(['state', 'priority', 'created_at']).execute();

  // The global queue state (RUNNING or STOPPED) is one row, shared by every process.
  await db.schema
    .createTable('queue_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('RUNNING', 'STOPPED')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into queue_settings (id, state) values (1, 'RUNNING')`.execute(db);

  await db.schema
    .createTable('worker_heartbeats')
    .addColumn('worker_id', 'text', (c) => c.primaryKey())
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('lectures')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('res_id', 'text', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`replace(gen_random_uuid()::text, '-', '')`),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('publish_warnings', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    // The rate card; its foreign key arrives with the subscriptions table.
    .addColumn('master_subscription_id', 'uuid')
    .addColumn('lecturer_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('lecturer_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('banner_image_id', 'uuid', (c) => c.references('assets.id').onDelete('restrict'))
    .addColumn('youtube_link', 'text')
    .addColumn('enable_youtube_player', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('video_resource_id', 'uuid', (c) => c.references('assets.id').onDelete('restrict'))
    .addColumn('video_file_name', 'text')
    .addColumn('video_file_size_in_bytes', 'bigint')
    .addColumn('video_duration_in_minutes', 'integer')
    .addColumn('notes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('lectures_video_resource_id_idx').on('lectures').column('video_resource_id').execute();
  await db.schema.createIndex('lectures_banner_image_id_idx').on('lectures').column('banner_image_id').execute();
  await sql`create index lectures_notes_idx on lectures using gin (notes jsonb_path_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lectures').execute();
  await db.schema.dropTable('worker_heartbeats').execute();
  await db.schema.dropTable('queue_settings').execute();
  await db.schema.dropTable('queue_items').execute();
  await db.schema.dropTable('assets').execute();
}
