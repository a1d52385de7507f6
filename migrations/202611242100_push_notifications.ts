import { sql, type Kysely } from 'kysely';

/**
 * Web Push: the student apps' push subscriptions, each notification sent (with its target and
 * counts), and one delivery row per subscription it went to, so that a worker that stops half-way
 * leaves the rest to the next one without sending twice what was delivered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`char_length(endpoint) <= 2048`),
    )
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('push_notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('click_action', 'text')
    .addColumn('resource_type', 'text')
    .addColumn('resource_id', 'text')
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('target_type', 'text', (c) => c.notNull().check(sql`target_type in ('specific-user', 'everyone', 'group')`))
    .addColumn('target_phone', 'text')
    .addColumn('group_targets', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('targeted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('push_notifications_created_idx').on('push_notifications').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('push_deliveries')
    .addColumn('notification_id', 'uuid', (c) => c.notNull().references('push_notifications.id').onDelete('cascade'))
    // No foreign key: a subscription that answered 404 or 410 is deleted, its delivery kept as gone.
    .addColumn('subscription_id', 'uuid', (c) => c.notNull())
    .addColumn('batch', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'delivered', 'gone', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('push_deliveries_pk', ['notification_id', 'subscription_id'])
    .execute();
  await sql`create index push_deliveries_pending_idx on push_deliveries (notification_id, batch) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_deliveries').execute();
  await db.schema.dropTable('push_notifications').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
