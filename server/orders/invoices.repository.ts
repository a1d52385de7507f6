import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { InvoicesTable } from '../db/types.ts';

/** Queries of GST invoices and credit notes; each runs on the connection (or transaction) it is given. */

export type InvoiceRow = Selectable<InvoicesTable>;

/** The next number of a series in a financial year: taken inside the issuing transaction, so numbers have no gaps. */
export async function nextDocumentNumber(trx: Db, series: InvoiceRow['kind'], year: string): Promise<number> {
  const { rows } = await sql<{ last_number: number }>`
    insert into document_counters (series, financial_year, last_number) values (${series}, ${year}, 1)
    on conflict (series, financial_year) do update set last_number = document_counters.last_number + 1
    returning last_number`.execute(trx);
  return rows[0]!.last_number;
}

export function invoiceIdOfOrder(trx: Db, orderId: string) {
  return trx.selectFrom('invoices').select('id').where('order_id', '=', orderId).where('kind', '=', 'invoice').executeTakeFirst();
}

/** The order's invoice, locked: credits against one invoice take turns. */
export function lockInvoiceOfOrder(trx: Db, orderId: string) {
  return trx.selectFrom('invoices').select('id').where('order_id', '=', orderId).where('kind', '=', 'invoice').forUpdate().executeTakeFirst();
}

export function findInvoice(trx: Db, id: string) {
  return trx.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function creditNoteOfRefund(trx: Db, refundId: string) {
  return trx.selectFrom('invoices').selectAll().where('refund_id', '=', refundId).executeTakeFirst();
}

/** Paise credited so far against an invoice. */
export async function creditedPaise(trx: Db, invoiceId: string): Promise<number> {
  const { credited } = await trx
    .selectFrom('invoices')
    .select(sql<number>`coalesce(sum(total_paise), 0)::bigint`.as('credited'))
    .where('credits_invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return Number(credited);
}

export async function insertInvoice(trx: Db, values: Insertable<InvoicesTable>): Promise<void> {
  await trx.insertInto('invoices').values(values).execute();
}

export function insertCreditNote(trx: Db, values: Insertable<InvoicesTable>) {
  return trx.insertInto('invoices').values(values).returningAll().executeTakeFirstOrThrow();
}

/** An order's invoice, or its latest credit note. */
export function findDocument(db: Db, orderId: string, kind: InvoiceRow['kind']) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .orderBy('issued_at', 'desc')
    .orderBy('number', 'desc')
    .executeTakeFirst();
}

/** The invoices and credit notes of one student's orders. */
function documentsOf(db: Db, userId: string) {
  return db.selectFrom('invoices').innerJoin('orders', 'orders.id', 'invoices.order_id').where('orders.user_id', '=', userId);
}

/** A page of a student's documents, newest first. */
export function studentDocumentsPage(db: Db, userId: string, limit: number, offset: number) {
  return documentsOf(db, userId)
    .selectAll('invoices')
    .orderBy('invoices.issued_at', 'desc')
    .orderBy('invoices.number', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countStudentDocuments(db: Db, userId: string): Promise<number> {
  const count = await documentsOf(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(count.total);
}

/** One of a student's documents; another student's is not found. */
export function studentDocument(db: Db, userId: string, id: string) {
  return db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.id', 'invoices.order_id')
    .selectAll('invoices')
    .where('invoices.id', '=', id)
    .where('orders.user_id', '=', userId)
    .executeTakeFirst();
}
