import { sql, type Kysely } from 'kysely';

/**
 * Discount coupons. Amounts are integer paise; a rate is kept in hundredths of a percent, so that
 * `value_hundredths` is the value staff typed times 100 for both kinds. Codes are unique ignoring case.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[A-Za-z0-9_-]{1,40}$'`))
    .addColumn('discount_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('rate')
        .check(sql`discount_type in ('rate', 'amount')`),
    )
    .addColumn('value_hundredths', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`value_hundredths between 0 and 100000000000`),
    )
    .addColumn('min_order_paise', 'bigint', (c) => c.check(sql`min_order_paise between 0 and 100000000000`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('impressions', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('redemptions', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addCheckConstraint('coupons_rate_at_most_100', sql`discount_type <> 'rate' or value_hundredths <= 10000`)
    .execute();
  await sql`create unique index coupons_code_key on coupons (lower(code))`.execute(db);
  await db.schema.createIndex('coupons_created_idx').on('coupons').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coupons').execute();
}
