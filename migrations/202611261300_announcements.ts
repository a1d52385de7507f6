import { sql, type Kysely } from 'kysely';

/**
 * Announcements: daily current-affairs posts (a date, a cover image and a PDF), live-class meeting
 * links, and winner announcements with the one active announcement held in a single row, so that
 * two staff activating at once leave exactly one active.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('current_affairs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The post's date (YYYY-MM-DD), which is its title.
    .addColumn('title', 'date', (c) => c.notNull())
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('publish_warnings', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('master_subscription_id', 'uuid', (c) => c.references('subscriptions.id').onDelete('restrict'))
    .addColumn('banner_image_id', 'uuid', (c) => c.references('assets.id').onDelete('restrict'))
    .addColumn('pdf_file_id', 'uuid', (c) => c.references('assets.id').onDelete('restrict'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index current_affairs_title_idx on current_affairs (title desc, created_at desc)`.execute(db);
  await sql`create index current_affairs_published_idx on current_affairs (title desc, created_at desc) where is_published`.execute(db);
  for (const column of ['master_subscription_id', 'banner_image_id', 'pdf_file_id']) {
    await db.schema.createIndex(`current_affairs_${column}_idx`).on('current_affairs').column(column).execute();
  }

  await db.schema
    .createTable('meeting_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 200`))
    .addColumn('url', 'text', (c) => c.notNull().check(sql`url ~* '^https?://' and char_length(url) <= 2048`))
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('meeting_links_dates', sql`end_date >= start_date`)
    .execute();
  await sql`create index meeting_links_start_idx on meeting_links (start_date desc)`.execute(db);
  await sql`create index meeting_links_active_idx on meeting_links (end_date) where is_active`.execute(db);

  await db.schema
    .createTable('winner_announcements')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The winning student; null for an announcement made blank from the listing (until one is chosen).
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('winner_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('publish_warnings', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('claim_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('exam_title', 'text', (c) => c.notNull().defaultTo(''))
    // Rupees with paise, as staff type them.
    .addColumn('prize_amount', sql`numeric(12, 2)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`prize_amount >= 0`),
    )
    .addColumn('rank', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`rank >= 0`),
    )
    .addColumn('total_participants', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`total_participants >= 0`),
    )
    .addColumn('banner_image_id', 'uuid', (c) => c.references('assets.id').onDelete('restrict'))
    .addColumn('beneficiary_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('google_pay_or_upi', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('has_user_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('user_confirmed_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index winner_announcements_created_idx on winner_announcements (created_at desc)`.execute(db);
  await db.schema.createIndex('winner_announcements_user_idx').on('winner_announcements').column('user_id').execute();
  await db.schema.createIndex('winner_announcements_banner_idx').on('winner_announcements').column('banner_image_id').execute();

  // The one active announcement: a single row (or none), replaced in one statement.
  await db.schema
    .createTable('active_winner_announcement')
    .addColumn('singleton', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`singleton`),
    )
    .addColumn('announcement_id', 'uuid', (c) => c.notNull().unique().references('winner_announcements.id').onDelete('cascade'))
    .addColumn('activated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('activated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['active_winner_announcement', 'winner_announcements', 'meeting_links', 'current_affairs']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
