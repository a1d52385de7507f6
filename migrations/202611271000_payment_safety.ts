import { sql, type Kysely } from 'kysely';

/**
 * Selling with real money:
 * - orders may be cancelled (a later Buy with other terms replaced it, or Razorpay never made its
 *   order) or refunded; they remember the paise refunded, whether they hold a use of their coupon,
 *   and when the reconciler looks at them next (with the failures it met);
 * - refunds, one row per Razorpay refund (or refund the product asked for), applied once;
 * - webhook events are stored with their body and applied by a job, so that the webhook answers at once;
 * - coupons get a total and a per-student limit, a validity window, a scope (rate cards or resources)
 *   and the count of orders holding them; impressions count each student once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check
    check (status in ('created', 'attempted', 'paid', 'failed', 'expired', 'cancelled', 'refunded', 'deleted'))`.execute(db);
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_paise', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_paise >= 0`),
    )
    .addColumn('coupon_held', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('next_check_at', 'timestamptz')
    .addColumn('check_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_check_error', 'text')
    .execute();
  await sql`update orders set coupon_held = true where coupon_id is not null and status in ('created', 'attempted', 'failed', 'paid')`.execute(db);
  await sql`update orders set next_check_at = created_at + interval '10 minutes' where status in ('created', 'attempted', 'failed')`.execute(db);
  await sql`drop index if exists orders_open_idx`.execute(db);
  await sql`create index orders_open_idx on orders (next_check_at) where status in ('created', 'attempted', 'failed')`.execute(db);
  await sql`create index orders_coupon_student_idx on orders (coupon_id, user_id) where coupon_held`.execute(db);

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('razorpay_payment_id', 'text', (c) => c.notNull())
    .addColumn('razorpay_refund_id', 'text')
    .addColumn('amount_paise', 'bigint', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('requested', 'pending', 'processed', 'failed')`))
    .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('product', 'razorpay')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('applied_at', 'timestamptz')
    .execute();
  await sql`create unique index refunds_razorpay_id_key on refunds (razorpay_refund_id) where razorpay_refund_id is not null`.execute(db);
  // The product asks for at most one (full) refund of a payment.
  await sql`create unique index refunds_one_product_refund on refunds (razorpay_payment_id) where origin = 'product'`.execute(db);
  await sql`create index refunds_order_idx on refunds (order_id)`.execute(db);
  await sql`create index refunds_unfinished_idx on refunds (created_at) where status in ('requested', 'pending')`.execute(db);

  await db.schema.alterTable('payment_events').addColumn('body', 'text').addColumn('processed_at', 'timestamptz').execute();
  await sql`update payment_events set processed_at = received_at`.execute(db);
  await sql`comment on table payment_events is 'Webhook events of the payment provider, stored when received and applied once by a job; one sent again is ignored'`.execute(
    db,
  );

  await db.schema
    .alterTable('coupons')
    .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit > 0`))
    .addColumn('per_student_limit', 'integer', (c) => c.check(sql`per_student_limit > 0`))
    .addColumn('valid_from', 'timestamptz')
    .addColumn('valid_until', 'timestamptz')
    .addColumn('uses', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`uses >= 0`),
    )
    .execute();
  await sql`alter table coupons add constraint coupons_valid_window check (valid_from is null or valid_until is null or valid_from < valid_until)`.execute(db);
  await sql`update coupons c set uses = (select count(*) from orders o where o.coupon_id = c.id and o.coupon_held)`.execute(db);
  await db.schema
    .createTable('coupon_scopes')
    .addColumn('coupon_id', 'uuid', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull().check(sql`target_type in ('subscription', 'course', 'exam', 'lecture', 'rankfile')`))
    .addColumn('target_id', 'uuid', (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_scopes_pk', ['coupon_id', 'target_type', 'target_id'])
    .execute();
  await db.schema
    .createTable('coupon_impressions')
    .addColumn('coupon_id', 'uuid', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('coupon_impressions_pk', ['coupon_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coupon_impressions').execute();
  await db.schema.dropTable('coupon_scopes').execute();
  await db.schema
    .alterTable('coupons')
    .dropColumn('usage_limit')
    .dropColumn('per_student_limit')
    .dropColumn('valid_from')
    .dropColumn('valid_until')
    .dropColumn('uses')
    .execute();
  await db.schema.alterTable('payment_events').dropColumn('body').dropColumn('processed_at').execute();
  await db.schema.dropTable('refunds').execute();
  await sql`drop index if exists orders_coupon_student_idx`.execute(db);
  await sql`drop index if exists orders_open_idx`.execute(db);
  await sql`create index orders_open_idx on orders (created_at) where status in ('created', 'attempted')`.execute(db);
  await db.schema
    .alterTable('orders')
    .dropColumn('refunded_paise')
    .dropColumn('coupon_held')
    .dropColumn('next_check_at')
    .dropColumn('check_failures')
    .dropColumn('last_check_error')
    .execute();
  await sql`update orders set status = 'expired' where status in ('cancelled', 'refunded')`.execute(db);
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in ('created', 'attempted', 'paid', 'failed', 'expired', 'deleted'))`.execute(
    db,
  );
}
