import { creditNoteLines, documentNumber, financialYear, invoiceLines, type InvoiceLines } from '../../shared/commerce/invoice.rules.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { InvoiceParty } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { invoiceBuyer } from './customers.repository.ts';
import * as repo from './invoices.repository.ts';
import type { InvoiceRow } from './invoices.repository.ts';
import type { OrderRow } from './orders.repository.ts';

export type { InvoiceRow } from './invoices.repository.ts';
export type Seller = Pick<Config, 'INVOICE_PREFIX' | 'CREDIT_NOTE_PREFIX' | 'SELLER_NAME' | 'SELLER_GSTIN' | 'SELLER_STATE' | 'SELLER_ADDRESS'>;

/** The longest reason a credit note keeps (it is printed on one line of the PDF). */
const REASON_MAX_LENGTH = 200;

function sellerOf(config: Seller): InvoiceParty {
  return { name: config.SELLER_NAME, gstin: config.SELLER_GSTIN ?? null, state: config.SELLER_STATE, address: config.SELLER_ADDRESS ?? null };
}

function linesOf(document: InvoiceRow): InvoiceLines {
  return {
    taxable: document.taxable_paise,
    cgst: document.cgst_paise,
    sgst: document.sgst_paise,
    igst: document.igst_paise,
    discount: document.discount_paise,
    roundOff: document.round_off_paise,
    total: document.total_paise,
  };
}

function lineColumns(lines: InvoiceLines) {
  return {
    taxable_paise: lines.taxable,
    cgst_paise: lines.cgst,
    sgst_paise: lines.sgst,
    igst_paise: lines.igst,
    discount_paise: lines.discount,
    round_off_paise: lines.roundOff,
    total_paise: lines.total,
  };
}

/**
 * Issues the GST invoice of a paid order, inside the transaction that fulfils it: CGST + SGST when
 * the buyer's state is the seller's, IGST otherwise, each tax line its rate × the taxable value,
 * the lines adding up to the net to the paisa (`invoiceLines`). An order with nothing to pay gets
 * none; an order that has one keeps it.
 */
export async function issueInvoice(trx: Db, config: Seller, order: OrderRow): Promise<void> {
  if (order.net_paise === 0) return;
  const existing = await repo.invoiceIdOfOrder(trx, order.id);
  if (existing) return;
  const student = await invoiceBuyer(trx, order.user_id);
  const buyerState = order.buyer_state ?? config.SELLER_STATE;
  const lines = invoiceLines(
    { grossAmount: order.gross_paise, discountAmount: order.discount_paise, gstRate: order.gst_rate, netAmount: order.net_paise },
    buyerState === config.SELLER_STATE,
  );
  const now = new Date();
  const year = financialYear(now);
  const number = documentNumber(config.INVOICE_PREFIX, year, await repo.nextDocumentNumber(trx, 'invoice', year));
  await repo.insertInvoice(trx, {
    order_id: order.id,
    kind: 'invoice',
    number,
    financial_year: year,
    issued_at: now,
    seller: JSON.stringify(sellerOf(config)),
    buyer: JSON.stringify({ name: student.name || 'Student', state: buyerState, emailAddress: student.email_address, phoneNumber: student.phone_number }),
    description: `${order.resource_title ?? order.title} (${order.subscription_term})${order.coupon_code ? `, coupon ${order.coupon_code}` : ''}`,
    gst_rate: order.gst_rate,
    ...lineColumns(lines),
  });
}

export interface CreditNoteInput {
  orderId: string;
  /** Paise to credit, GST included; left out: whatever of the invoice has not been credited yet. */
  amountPaise?: number;
  /** Why (printed on the credit note): "Order deleted", "Refund", ... */
  reason: string;
  /** Razorpay's refund id, when the credit records a refund: one credit note per refund. */
  refundId?: string | null;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Issues a credit note against an order's invoice, inside the caller's transaction, and answers it.
 * - Without `amountPaise` it credits what is left of the invoice (all of it when nothing was
 *   credited: then its lines repeat the invoice's). With `amountPaise` (GST included) it credits that
 *   much, capped at what is left: the taxable value and tax are worked back from the amount at the
 *   invoice's rate, CGST + SGST or IGST as on the invoice. Credit notes never add up to more than
 *   the invoice.
 * - Answers null, issuing nothing, when the order has no invoice (nothing was paid) or the invoice
 *   is fully credited already (a second delete, a refund after a delete).
 * - With a `refundId` already credited, answers that credit note again: a refund reported twice
 *   (webhook and reconciler, at once or not) is credited once.
 *
 * Every credit against one invoice first locks the invoice row, so concurrent credits take turns:
 * the second reads, in a new statement, what the first wrote. This keeps the total within the
 * invoice and finds a refund's note before a number is taken (an `insert ... on conflict do
 * nothing` on the refund id would let the loser take a number and leave a gap in the series). The
 * unique index on `refund_id` stays as the last guard. Callers that also lock the order do so
 * before calling (as `deleteOrder` does), so locks are always taken order first, then invoice.
 */
export async function issueCreditNote(trx: Db, config: Seller, input: CreditNoteInput): Promise<InvoiceRow | null> {
  if (input.amountPaise !== undefined && (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0)) {
    throw new AppError('validation', 'A credit note is for a whole number of paise above 0', { field: 'amountPaise' });
  }
  const locked = await repo.lockInvoiceOfOrder(trx, input.orderId);
  if (!locked) return null;
  const invoice = await repo.findInvoice(trx, locked.id);
  const refundId = input.refundId ?? null;
  if (refundId !== null) {
    const recorded = await repo.creditNoteOfRefund(trx, refundId);
    if (recorded) {
      if (recorded.credits_invoice_id !== invoice.id)
        throw new AppError('conflict', `Refund ${refundId} is already credited against invoice ${recorded.credited_invoice_number ?? ''}`.trim());
      return recorded;
    }
  }
  const credited = await repo.creditedPaise(trx, invoice.id);
  const sameState = invoice.seller.state === invoice.buyer.state;
  const lines = creditNoteLines({ ...linesOf(invoice), gstRate: invoice.gst_rate, sameState }, credited, input.amountPaise);
  if (!lines) return null;
  const now = new Date();
  const year = financialYear(now);
  const number = documentNumber(config.CREDIT_NOTE_PREFIX, year, await repo.nextDocumentNumber(trx, 'credit-note', year));
  try {
    return await repo.insertCreditNote(trx, {
      order_id: input.orderId,
      kind: 'credit-note',
      number,
      financial_year: year,
      issued_at: now,
      seller: JSON.stringify(invoice.seller),
      buyer: JSON.stringify(invoice.buyer),
      description: invoice.description,
      gst_rate: invoice.gst_rate,
      ...lineColumns(lines),
      credits_invoice_id: invoice.id,
      credited_invoice_number: invoice.number,
      credited_invoice_issued_at: invoice.issued_at,
      reason: input.reason.trim().slice(0, REASON_MAX_LENGTH) || 'Credit',
      refund_id: refundId,
    });
  } catch (error) {
    if (
      (error as { code?: string; constraint?: string }).code === UNIQUE_VIOLATION &&
      (error as { constraint?: string }).constraint === 'invoices_one_per_refund'
    ) {
      throw new AppError('conflict', `Refund ${refundId} is already credited`);
    }
    throw error;
  }
}
