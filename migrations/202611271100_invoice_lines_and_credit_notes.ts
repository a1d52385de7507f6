import { sql, type Kysely } from 'kysely';

/**
 * GST documents an accountant can file:
 * - a discount line for a coupon above the gross (tax stays on the gross; the discount comes off
 *   after tax), so that the lines still add up to the total;
 * - credit notes name the invoice they credit (number and date) and why; several may credit one
 *   invoice (partial refunds); one per Razorpay refund, held by a unique index;
 * - for every new document: a number of at most 16 characters, a round-off under ₹1, and each tax
 *   line its rate × the taxable value (CGST + SGST within the seller's state, IGST across states).
 *   Documents issued before keep their numbers and lines, so these three are checked for new and
 *   changed rows only (NOT VALID).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('discount_paise', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credited_invoice_number', 'text')
    .addColumn('credited_invoice_issued_at', 'timestamptz')
    .addColumn('reason', 'text')
    .addColumn('refund_id', 'text')
    .execute();
  await sql`
    update invoices note
    set credited_invoice_number = invoice.number, credited_invoice_issued_at = invoice.issued_at, reason = 'Order deleted'
    from invoices invoice
    where note.credits_invoice_id = invoice.id`.execute(db);

  await sql`alter table invoices drop constraint invoices_adds_up`.execute(db);
  await sql`alter table invoices add constraint invoices_adds_up
    check (taxable_paise + cgst_paise + sgst_paise + igst_paise - discount_paise + round_off_paise = total_paise)`.execute(db);
  await sql`alter table invoices add constraint invoices_discount_within_taxable check (discount_paise between 0 and taxable_paise)`.execute(db);
  await sql`alter table invoices add constraint invoices_credit_note_names_invoice
    check ((kind = 'credit-note') = (credited_invoice_number is not null and credited_invoice_issued_at is not null and reason is not null))`.execute(db);
  await sql`alter table invoices add constraint invoices_refund_is_credit_note check (refund_id is null or kind = 'credit-note')`.execute(db);

  await sql`alter table invoices add constraint invoices_number_length check (char_length(number) <= 16) not valid`.execute(db);
  await sql`alter table invoices add constraint invoices_round_off_under_a_rupee check (abs(round_off_paise) < 100) not valid`.execute(db);
  // Within the seller's state CGST and SGST at half the rate each, IGST at the whole rate otherwise;
  // round() over numeric rounds a half paisa up, as the application does.
  await sql`alter table invoices add constraint invoices_tax_lines_at_rate check (
      case when seller ->> 'state' = buyer ->> 'state'
        then igst_paise = 0 and cgst_paise = round(taxable_paise * gst_rate / 200) and sgst_paise = cgst_paise
        else cgst_paise = 0 and sgst_paise = 0 and igst_paise = round(taxable_paise * gst_rate / 100)
      end
    ) not valid`.execute(db);

  // One invoice per order; any number of credit notes (each partial refund has its own).
  await sql`drop index invoices_one_per_order`.execute(db);
  await sql`create unique index invoices_one_invoice_per_order on invoices (order_id) where kind = 'invoice'`.execute(db);
  await sql`create index invoices_order on invoices (order_id, issued_at)`.execute(db);
  await sql`create index invoices_credits_invoice on invoices (credits_invoice_id) where credits_invoice_id is not null`.execute(db);
  await sql`create unique index invoices_one_per_refund on invoices (refund_id) where refund_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index invoices_one_per_refund`.execute(db);
  await sql`drop index invoices_credits_invoice`.execute(db);
  await sql`drop index invoices_order`.execute(db);
  await sql`drop index invoices_one_invoice_per_order`.execute(db);
  // Fails while an order has several credit notes, rather than losing one.
  await sql`create unique index invoices_one_per_order on invoices (order_id, kind)`.execute(db);
  for (const name of [
    'invoices_tax_lines_at_rate',
    'invoices_round_off_under_a_rupee',
    'invoices_number_length',
    'invoices_refund_is_credit_note',
    'invoices_credit_note_names_invoice',
    'invoices_discount_within_taxable',
    'invoices_adds_up',
  ]) {
    await sql`alter table invoices drop constraint ${sql.id(name)}`.execute(db);
  }
  // A document with a discount line cannot be written without it: refuse rather than misstate it.
  await sql`alter table invoices add constraint invoices_adds_up check (taxable_paise + cgst_paise + sgst_paise + igst_paise + round_off_paise = total_paise)`.execute(
    db,
  );
  await db.schema
    .alterTable('invoices')
    .dropColumn('refund_id')
    .dropColumn('reason')
    .dropColumn('credited_invoice_issued_at')
    .dropColumn('credited_invoice_number')
    .dropColumn('discount_paise')
    .execute();
}
