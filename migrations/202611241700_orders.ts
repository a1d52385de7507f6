import { sql, type Kysely } from 'kysely';

/**
 * Orders (what a student bought, at what price, and how it was paid) and the payment provider's
 * webhook events already handled. Amounts are integer paise; an order is never erased: deleting one
 * marks it deleted, with who did it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('subscription_id', 'uuid', (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subscription_term', 'text', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull().check(sql`term_days > 0`))
    .addColumn('resource_type', 'text', (c) => c.check(sql`resource_type in ('course', 'exam', 'lecture', 'rankfile')`))
    .addColumn('resource_id', 'uuid')
    .addColumn('resource_title', 'text')
    .addColumn('gross_paise', 'bigint', (c) => c.notNull().check(sql`gross_paise >= 0`))
    .addColumn('discount_paise', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`discount_paise >= 0`),
    )
    .addColumn('discount_rate', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('gst_rate', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('gst_paise', 'bigint', (c) => c.notNull().check(sql`gst_paise >= 0`))
    .addColumn('net_paise', 'bigint', (c) => c.notNull().check(sql`net_paise >= 0`))
    .addColumn('coupon_id', 'uuid', (c) => c.references('coupons.id').onDelete('set null'))
    .addColumn('coupon_code', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('created')
        .check(sql`status in ('created', 'attempted', 'paid', 'failed', 'expired', 'deleted')`),
    )
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('online', 'manual', 'free')`))
    .addColumn('created_by', 'text', (c) =>
      c
        .notNull()
        .defaultTo('student')
        .check(sql`created_by in ('student', 'admin')`),
    )
    .addColumn('created_by_user', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('razorpay_order_id', 'text', (c) => c.unique())
    .addColumn('razorpay_payment_id', 'text', (c) => c.unique())
    .addColumn('entitlement_id', 'uuid', (c) => c.references('entitlements.id').onDelete('set null'))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('orders_resource_pair', sql`(resource_type is null) = (resource_id is null)`)
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await sql`create index orders_open_idx on orders (created_at) where status in ('created', 'attempted')`.execute(db);
  await sql`create index orders_paid_idx on orders (paid_at desc, id desc) where status = 'paid'`.execute(db);
  await sql`alter table entitlements add constraint entitlements_order_fk foreign key (order_id) references orders (id) on delete set null`.execute(db);

  await db.schema
    .createTable('payment_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('razorpay_order_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`comment on table payment_events is 'Webhook events of the payment provider already handled: one sent again is ignored'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await sql`alter table entitlements drop constraint entitlements_order_fk`.execute(db);
  await db.schema.dropTable('orders').execute();
}
