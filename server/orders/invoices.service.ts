import { sql, type Selectable } from 'kysely';
import { documentNumber, financialYear, splitTax } from '../../shared/commerce/invoice.rules.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { InvoiceParty, InvoicesTable } from '../db/types.ts';
import type { OrderRow } from './orders.repository.ts';

export type InvoiceRow = Selectable<InvoicesTable>;
type Seller = Pick<Config, 'INVOICE_PREFIX' | 'CREDIT_NOTE_PREFIX' | 'SELLER_NAME' | 'SELLER_GSTIN' | 'SELLER_STATE' | 'SELLER_ADDRESS'>;

/** The next number of a series in a financial year: taken inside the issuing transaction, so numbers have no gaps. */
async function nextNumber(trx: Db, series: InvoiceRow['kind'], year: string): Promise<number> {
  const { rows } = await sql<{ last_number: number }>`
    insert into document_counters (series, financial_year, last_number) values (${series}, ${year}, 1)
    on conflict (series, financial_year) do update set last_number = document_counters.last_number + 1
    returning last_number`.execute(trx);
  return rows[0]!.last_number;
}

function sellerOf(config: Seller): InvoiceParty {
  return { name: config.SELLER_NAME, gstin: config.SELLER_GSTIN ?? null, state: config.SELLER_STATE, address: config.SELLER_ADDRESS ?? null };
}

/**
 * Issues the GST invoice of a paid order, inside the transaction that fulfils it: CGST + SGST when
 * the buyer's state is the seller's, IGST otherwise, lines adding up to the net to the paisa. An
 * order with nothing to pay gets none; an order that has one keeps it.
 */
export async function issueInvoice(trx: Db, config: Seller, order: OrderRow): Promise<void> {
  if (order.net_paise === 0) return;
  const existing = await trx.selectFrom('invoices').select('id').where('order_id', '=', order.id).where('kind', '=', 'invoice').executeTakeFirst();
  if (existing) return;
  const student = await trx.selectFrom('users').select(['name', 'email_address', 'phone_number']).where('id', '=', order.user_id).executeTakeFirstOrThrow();
  const buyerState = order.buyer_state ?? config.SELLER_STATE;
  const split = splitTax({ grossAmount: order.gross_paise, discountAmount: order.discount_paise, gstAmount: order.gst_paise, netAmount: order.net_paise }, buyerState === config.SELLER_STATE);
  const now = new Date();
  const year = financialYear(now);
  const number = documentNumber(config.INVOICE_PREFIX, year, await nextNumber(trx, 'invoice', year));
  await trx
    .insertInto('invoices')
    .values({
      order_id: order.id,
      kind: 'invoice',
      number,
      financial_year: year,
      issued_at: now,
      seller: JSON.stringify(sellerOf(config)),
      buyer: JSON.stringify({ name: student.name || 'Student', state: buyerState, emailAddress: student.email_address, phoneNumber: student.phone_number }),
      description: `${order.resource_title ?? order.title} (${order.subscription_term})${order.coupon_code ? `, coupon ${order.coupon_code}` : ''}`,
      gst_rate: order.gst_rate,
      taxable_paise: split.taxable,
      cgst_paise: split.cgst,
      sgst_paise: split.sgst,
      igst_paise: split.igst,
      round_off_paise: split.roundOff,
      total_paise: split.total,
    })
    .execute();
}

/** Issues the credit note that cancels a deleted order's invoice (the invoice itself is kept). */
export async function issueCreditNote(trx: Db, config: Seller, orderId: string): Promise<void> {
  const invoice = await trx.selectFrom('invoices').selectAll().where('order_id', '=', orderId).where('kind', '=', 'invoice').executeTakeFirst();
  if (!invoice) return;
  const existing = await trx.selectFrom('invoices').select('id').where('order_id', '=', orderId).where('kind', '=', 'credit-note').executeTakeFirst();
  if (existing) return;
  const now = new Date();
  const year = financialYear(now);
  const number = documentNumber(config.CREDIT_NOTE_PREFIX, year, await nextNumber(trx, 'credit-note', year));
  await trx
    .insertInto('invoices')
    .values({
      order_id: orderId,
      kind: 'credit-note',
      number,
      financial_year: year,
      issued_at: now,
      seller: JSON.stringify(invoice.seller),
      buyer: JSON.stringify(invoice.buyer),
      description: `Cancels invoice ${invoice.number}: ${invoice.description}`,
      gst_rate: invoice.gst_rate,
      taxable_paise: invoice.taxable_paise,
      cgst_paise: invoice.cgst_paise,
      sgst_paise: invoice.sgst_paise,
      igst_paise: invoice.igst_paise,
      round_off_paise: invoice.round_off_paise,
      total_paise: invoice.total_paise,
      credits_invoice_id: invoice.id,
    })
    .execute();
}

export function findDocument(db: Db, orderId: string, kind: InvoiceRow['kind']) {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).where('kind', '=', kind).executeTakeFirst();
}
