import { sql, type Kysely } from 'kysely';

/**
 * GST invoices and credit notes, numbered without gaps per series and financial year; the state the
 * buyer gave at checkout (the place of supply).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('buyer_state', 'text').execute();
  await db.schema
    .createTable('document_counters')
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_counters_pk', ['series', 'financial_year'])
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invoice', 'credit-note')`))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seller', 'jsonb', (c) => c.notNull())
    .addColumn('buyer', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('gst_rate', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('taxable_paise', 'bigint', (c) => c.notNull())
    .addColumn('cgst_paise', 'bigint', (c) => c.notNull())
    .addColumn('sgst_paise', 'bigint', (c) => c.notNull())
    .addColumn('igst_paise', 'bigint', (c) => c.notNull())
    .addColumn('round_off_paise', 'bigint', (c) => c.notNull())
    .addColumn('total_paise', 'bigint', (c) => c.notNull())
    .addColumn('credits_invoice_id', 'uuid', (c) => c.references('invoices.id').onDelete('restrict'))
    .addCheckConstraint('invoices_adds_up', sql`taxable_paise + cgst_paise + sgst_paise + igst_paise + round_off_paise = total_paise`)
    .addCheckConstraint('invoices_credit_note_refers', sql`(kind = 'credit-note') = (credits_invoice_id is not null)`)
    .execute();
  await sql`create unique index invoices_one_per_order on invoices (order_id, kind)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('document_counters').execute();
  await db.schema.alterTable('orders').dropColumn('buyer_state').execute();
}
