import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../../shared/commerce/checkout.schema.ts';
import { compactFinancialYear, financialYear, linesAreSound } from '../../../shared/commerce/invoice.rules.ts';
import { INVOICE_MESSAGES } from '../../../shared/commerce/invoices.schema.ts';
import * as documentsMigration from '../../../migrations/202611271100_invoice_lines_and_credit_notes.ts';
import type { Db } from '../../../server/db/database.ts';
import { issueCreditNote, issueInvoice, type InvoiceRow } from '../../../server/orders/invoices.service.ts';
import { createUser, testConfig } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { createTestDatabase } from '../../support/test-database.ts';
import { createCourseForSale, paidRateCardValues } from '../../support/factories/course.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from '../../support/razorpay-stand-in.ts';

let razorpay: RazorpayStandIn;
let courseId: string;
let counter = 0;
const sellerEnv = { SELLER_GSTIN: '32ABCDE1234F1Z5', SELLER_NAME: 'Lakshya Academy', INVOICE_PREFIX: 'LKA' };
const seller = testConfig(sellerEnv);

beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
});
afterAll(async () => {
  await razorpay?.close();
});
const harness = useApp({ env: () => ({ ...razorpay.env, ...sellerEnv }) });
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
beforeAll(async () => {
  ({ courseId } = await createCourseForSale(
    harness.db,
    { title: 'Invoice course' },
    { title: 'Invoice plan', subscription_term: '12-months', ...paidRateCardValues(999) },
  ));
});

async function student() {
  counter += 1;
  await createUser(harness.db, { email: `invoice${counter}@example.com`, name: `Invoice Buyer ${counter}` });
  return harness.signIn(`invoice${counter}@example.com`);
}

/** A student buys the course (optionally with a coupon and a billing state) and pays. */
async function buy(cookie: string, extra: Record<string, string> = {}) {
  const order = (await harness.injectWith(cookie)('POST', '/api/student/orders', { resourceType: 'course', resourceId: courseId, ...extra })).json();
  if (!order.payment) return order._id as string;
  const { payment, signature } = razorpay.pay(order.payment.razorpayOrderId);
  const verified = await harness.injectWith(cookie)('POST', `/api/student/orders/${order._id}/verify`, {
    razorpay_order_id: order.payment.razorpayOrderId,
    razorpay_payment_id: payment.id,
    razorpay_signature: signature,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return order._id as string;
}

const invoiceOf = (orderId: string, kind: 'invoice' | 'credit-note' = 'invoice') =>
  harness.db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).where('kind', '=', kind).executeTakeFirst();

describe('GST invoices', () => {
  it('issues a numbered invoice on payment, CGST + SGST within Kerala, adding up to the net, as a PDF for the student and staff only', async () => {
    const buyer = await student();
    const orderId = await buy(buyer);
    const invoice = (await invoiceOf(orderId))!;
    expect(invoice.number).toMatch(new RegExp(`^LKA/${compactFinancialYear(financialYear(new Date()))}/\\d{6}$`));
    expect(invoice.number.length).toBeLessThanOrEqual(16);
    expect(invoice).toMatchObject({ taxable_paise: 99_900, cgst_paise: 8991, sgst_paise: 8991, igst_paise: 0, round_off_paise: 0, total_paise: 117_882 });
    expect(invoice.seller).toMatchObject({ name: 'Lakshya Academy', gstin: '32ABCDE1234F1Z5', state: 'Kerala' });
    expect(invoice.buyer).toMatchObject({ name: `Invoice Buyer ${counter}`, state: 'Kerala' });

    const pdf = await harness.injectWith(buyer)('GET', `/api/student/orders/${orderId}/invoice`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await asAdmin('GET', `/api/admin/orders/${orderId}/invoice`)).statusCode).toBe(200);
    const stranger = await student();
    expect((await harness.injectWith(stranger)('GET', `/api/student/orders/${orderId}/invoice`)).statusCode).toBe(404);
  });

  it('charges IGST to a buyer in another state, with the rupee round-off on its own line', async () => {
    const buyer = await student();
    const code = `TEN${counter}`;
    const coupon = (await asAdmin('POST', '/v2/coupons', { code, discountType: 'rate', value: 12.5 })).json();
    await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code, discountType: 'rate', value: 12.5, isActive: true, version: coupon.version });
    const orderId = await buy(buyer, { billingState: 'Tamil Nadu', couponCode: code });
    const invoice = (await invoiceOf(orderId))!;
    // ₹999 − 12.5% = ₹874.12 taxable; IGST ₹157.34; net ₹1,031 → round-off −₹0.46.
    expect(invoice).toMatchObject({ taxable_paise: 87_412, cgst_paise: 0, sgst_paise: 0, igst_paise: 15_734, round_off_paise: -46, total_paise: 103_100 });
    expect(invoice.buyer).toMatchObject({ state: 'Tamil Nadu' });
    expect(invoice.description).toContain(`coupon ${code}`);
    const refused = await harness.injectWith(buyer)('POST', '/api/student/checkout/quote', {
      resourceType: 'course',
      resourceId: courseId,
      billingState: 'Atlantis',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('numbers invoices one after another without gaps when many orders are paid at once', async () => {
    const buyers: string[] = [];
    // Signed in one after another (sign-in is rate-limited per address); paid all at once.
    for (let i = 0; i < 8; i += 1) buyers.push(await student());
    const orderIds = await Promise.all(buyers.map((cookie) => buy(cookie)));
    const numbers = (await Promise.all(orderIds.map((id) => invoiceOf(id)))).map((invoice) => Number(invoice!.number.split('/').at(-1)));
    const all = (await harness.db.selectFrom('invoices').select('number').where('kind', '=', 'invoice').execute())
      .map((row) => Number(row.number.split('/').at(-1)))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('keeps the invoice of a deleted order and issues a credit note that cancels it; a free order has none', async () => {
    const buyer = await student();
    const orderId = await buy(buyer);
    expect((await asAdmin('GET', `/api/admin/orders/${orderId}/credit-note`)).json().message).toBe(CHECKOUT_MESSAGES.noCreditNote);
    expect((await asAdmin('DELETE', `/api/order/${orderId}`)).statusCode).toBe(200);
    const invoice = (await invoiceOf(orderId))!;
    const credit = (await invoiceOf(orderId, 'credit-note'))!;
    expect(credit.number).toMatch(/^CN\/\d{4}\/\d{6}$/);
    expect(credit).toMatchObject({
      credits_invoice_id: invoice.id,
      credited_invoice_number: invoice.number,
      credited_invoice_issued_at: invoice.issued_at,
      reason: 'Order deleted',
      total_paise: invoice.total_paise,
    });
    expect((await asAdmin('GET', `/api/admin/orders/${orderId}/credit-note`)).headers['content-type']).toBe('application/pdf');

    const code = `FREE${counter}`;
    const coupon = (await asAdmin('POST', '/v2/coupons', { code, discountType: 'rate', value: 100 })).json();
    await asAdmin('PUT', `/v2/coupons/${coupon._id}`, { code, discountType: 'rate', value: 100, isActive: true, version: coupon.version });
    const freeOrder = await buy(await student(), { couponCode: code });
    expect(await invoiceOf(freeOrder)).toBeUndefined();
    expect((await asAdmin('GET', `/api/admin/orders/${freeOrder}/invoice`)).json().message).toBe(CHECKOUT_MESSAGES.noInvoice);
  });
});

// The tests below make paid orders straight in the table and issue their documents as fulfilment
// and refunds do, so that they test the documents whatever the payment path.

interface OrderAmounts {
  gross: number;
  discount?: number;
  gstRate?: number;
  gst: number;
  net: number;
  buyerState?: string;
  couponCode?: string;
  resourceTitle?: string;
}

async function paidOrder(db: Db, userId: string, amounts: OrderAmounts) {
  return db
    .insertInto('orders')
    .values({
      user_id: userId,
      title: 'Invoice plan',
      subscription_term: '12-months',
      term_days: 365,
      resource_type: 'course',
      resource_id: courseId,
      resource_title: amounts.resourceTitle ?? 'Invoice course',
      gross_paise: amounts.gross,
      discount_paise: amounts.discount ?? 0,
      gst_rate: amounts.gstRate ?? 18,
      gst_paise: amounts.gst,
      net_paise: amounts.net,
      coupon_code: amounts.couponCode ?? null,
      mode: 'online',
      status: 'paid',
      paid_at: new Date(),
      buyer_state: amounts.buyerState ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function invoicedOrder(userId: string, amounts: OrderAmounts) {
  const order = await paidOrder(harness.db, userId, amounts);
  await harness.db.transaction().execute((trx) => issueInvoice(trx, seller, order));
  return { order, invoice: (await invoiceOf(order.id))! };
}

const creditNotesOf = (orderId: string) =>
  harness.db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).where('kind', '=', 'credit-note').orderBy('number').execute();

function linesOfRow(row: InvoiceRow) {
  return {
    taxable: row.taxable_paise,
    cgst: row.cgst_paise,
    sgst: row.sgst_paise,
    igst: row.igst_paise,
    discount: row.discount_paise,
    roundOff: row.round_off_paise,
    total: row.total_paise,
  };
}

function expectSound(row: InvoiceRow) {
  expect(linesAreSound(linesOfRow(row), row.gst_rate, row.seller.state === row.buyer.state), JSON.stringify(linesOfRow(row))).toBe(true);
  expect(row.number.length).toBeLessThanOrEqual(16);
}

/** The text of a PDF as Ghostscript reads it, spaces collapsed. */
async function pdfText(pdf: Buffer): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'invoice-pdf-'));
  try {
    const file = path.join(directory, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=txtwrite', '-sOutputFile=-', file]);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function studentAccount() {
  counter += 1;
  const user = await createUser(harness.db, { email: `documents${counter}@example.com`, name: `Document Buyer ${counter}` });
  return { user, cookie: await harness.signIn(`documents${counter}@example.com`) };
}

describe('GST document numbers', () => {
  it('keeps documents numbered the old way, and continues their series with numbers of at most 16 characters', async () => {
    const year = financialYear(new Date());
    // A database of its own, taken back to before the documents migration, so that the file's shared one stays as it is.
    const old = await createTestDatabase(2);
    try {
      // The schema as it was, with one invoice and its credit note numbered INV/2026-27/… (18 and 17 characters).
      await documentsMigration.down(old.db);
      const user = await createUser(old.db, { email: 'before@example.com' });
      const order = await paidOrder(old.db, user.id, { gross: 100_000, gst: 18_000, net: 118_000 });
      const party = JSON.stringify({ name: 'Lakshya Academy', state: 'Kerala' });
      const lines = sql`${party}::jsonb, ${party}::jsonb, 'Invoice course (12-months)', 18, 100000, 9000, 9000, 0, 0, 118000`;
      await sql`insert into invoices (id, order_id, kind, number, financial_year, seller, buyer, description, gst_rate, taxable_paise, cgst_paise, sgst_paise, igst_paise, round_off_paise, total_paise)
        values ('00000000-0000-4000-8000-000000000001', ${order.id}, 'invoice', ${`LKA/${year}/000041`}, ${year}, ${lines})`.execute(old.db);
      await sql`insert into invoices (order_id, kind, number, financial_year, seller, buyer, description, gst_rate, taxable_paise, cgst_paise, sgst_paise, igst_paise, round_off_paise, total_paise, credits_invoice_id)
        values (${order.id}, 'credit-note', ${`CN/${year}/000007`}, ${year}, ${lines}, '00000000-0000-4000-8000-000000000001')`.execute(old.db);
      await sql`insert into document_counters values ('invoice', ${year}, 41), ('credit-note', ${year}, 7)`.execute(old.db);

      await documentsMigration.up(old.db);
      const kept = await old.db.selectFrom('invoices').selectAll().orderBy('kind', 'desc').execute();
      expect(kept.map((row) => row.number)).toEqual([`LKA/${year}/000041`, `CN/${year}/000007`]);
      expect(kept[1]).toMatchObject({ credited_invoice_number: `LKA/${year}/000041`, credited_invoice_issued_at: kept[0]!.issued_at, reason: 'Order deleted' });

      const next = await paidOrder(old.db, user.id, { gross: 100_000, gst: 18_000, net: 118_000 });
      await old.db.transaction().execute((trx) => issueInvoice(trx, seller, next));
      const issued = await old.db.selectFrom('invoices').select('number').where('order_id', '=', next.id).executeTakeFirstOrThrow();
      expect(issued.number).toBe(`LKA/${compactFinancialYear(year)}/000042`);
      expect(issued.number).toHaveLength(15);
      // The database holds the length for every new number.
      await expect(sql`update invoices set number = 'LKA/2026-27/000042' where order_id = ${next.id}`.execute(old.db)).rejects.toThrow(
        /invoices_number_length/,
      );
    } finally {
      await old.drop();
    }
  });
});

describe('tax lines an accountant can check', () => {
  it('invoices an over-discounted order on the gross it was taxed on, with the discount on its own line, adding up to what was paid', async () => {
    const { user, cookie } = await studentAccount();
    // ₹1,000 with a ₹1,500 coupon: tax on ₹1,000 is ₹180, and that is all the student paid.
    const { invoice } = await invoicedOrder(user.id, { gross: 100_000, discount: 150_000, gst: 18_000, net: 18_000, couponCode: 'BIG1500' });
    expect(invoice).toMatchObject({
      taxable_paise: 100_000,
      cgst_paise: 9000,
      sgst_paise: 9000,
      igst_paise: 0,
      discount_paise: 100_000,
      round_off_paise: 0,
      total_paise: 18_000,
    });
    expectSound(invoice);
    const pdf = await harness.injectWith(cookie)('GET', `/api/student/invoices/${invoice.id}`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Taxable value ₹1,000.00');
    expect(text).toContain('CGST @ 9% on ₹1,000.00 ₹90.00');
    expect(text).toContain('SGST @ 9% on ₹1,000.00 ₹90.00');
    expect(text).toContain('Less: discount (tax is on the full value) -₹1,000.00');
    expect(text).toContain('Total ₹180.00');
  });

  it('states the tax of orders priced from rate cards typed by hand at the rate of the taxable value, with a round-off under ₹1', async () => {
    const { user } = await studentAccount();
    for (const amounts of [
      { gross: 100_000, gst: 10_000, net: 110_000 }, // "CGST @ 9% ₹50" on ₹1,000
      { gross: 100_000, gst: 18_000, net: 150_000 }, // a round-off of ₹320
      { gross: 100_000, gst: 18_000, net: 100_000 }, // a round-off of −₹180
      { gross: 100_000, gstRate: 5, gst: 18_000, net: 118_000 }, // "CGST @ 2.5%" of ₹90
      { gross: 100_000, gstRate: 5, gst: 18_000, net: 118_000, buyerState: 'Karnataka' },
    ]) {
      const { invoice } = await invoicedOrder(user.id, amounts);
      expectSound(invoice);
      expect(invoice.total_paise).toBe(amounts.net);
      expect(Math.abs(invoice.round_off_paise)).toBeLessThan(100);
    }
  });

  it('prices a rate card whose GST or net was typed by hand at gross + GST on the gross', async () => {
    const { cookie } = await studentAccount();
    const card = await harness.db
      .insertInto('subscriptions')
      .values({ title: 'Typed by hand', subscription_term: '12-months', gross_amount: 1000, gst_rate: 18, gst_amount: 100, net_amount: 1500 })
      .returningAll()
      .executeTakeFirstOrThrow();
    const quote = await harness.injectWith(cookie)('POST', '/api/student/checkout/quote', { subscriptionId: card.id });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ grossPaise: 100000, gstRate: 18, gstPaise: 18000, netPaise: 118000 });
  });

  it('is refused by the database when a tax line is not its rate of the taxable value or the round-off is a rupee or more', async () => {
    const { user } = await studentAccount();
    const { invoice } = await invoicedOrder(user.id, { gross: 100_000, gst: 18_000, net: 118_000 });
    const change = (set: string) => sql.raw(`update invoices set ${set} where id = '${invoice.id}'`).execute(harness.db);
    await expect(change('cgst_paise = 5000, sgst_paise = 5000, round_off_paise = round_off_paise + 8000')).rejects.toThrow(
      /invoices_tax_lines_at_rate|invoices_round_off_under_a_rupee/,
    );
    // ₹999.50 at 9% is ₹89.96 a line, not ₹90.
    await expect(change('taxable_paise = taxable_paise - 50, round_off_paise = round_off_paise + 50')).rejects.toThrow(/invoices_tax_lines_at_rate/);
    await expect(change('cgst_paise = 0, sgst_paise = 0, igst_paise = 18000')).rejects.toThrow(/invoices_tax_lines_at_rate/);
    await expect(change('total_paise = total_paise + 100, round_off_paise = round_off_paise + 100')).rejects.toThrow(/invoices_round_off_under_a_rupee/);
    await expect(change('discount_paise = 100')).rejects.toThrow(/invoices_adds_up/);
  });
});

describe('issueCreditNote', () => {
  const credit = (input: Parameters<typeof issueCreditNote>[2]) => harness.db.transaction().execute((trx) => issueCreditNote(trx, seller, input));

  it('credits the whole invoice line for line, naming it, and nothing more when asked again', async () => {
    const { user } = await studentAccount();
    const { order, invoice } = await invoicedOrder(user.id, { gross: 99_900, discount: 12_488, gst: 15_734, net: 103_100, buyerState: 'Tamil Nadu' });
    const note = (await credit({ orderId: order.id, reason: 'Order deleted' }))!;
    expect(note).toMatchObject({
      kind: 'credit-note',
      credits_invoice_id: invoice.id,
      credited_invoice_number: invoice.number,
      credited_invoice_issued_at: invoice.issued_at,
      reason: 'Order deleted',
      refund_id: null,
      ...Object.fromEntries(
        ['taxable_paise', 'cgst_paise', 'sgst_paise', 'igst_paise', 'discount_paise', 'round_off_paise', 'total_paise'].map((key) => [
          key,
          invoice[key as keyof InvoiceRow],
        ]),
      ),
    });
    expect(note.number).toMatch(/^CN\/\d{4}\/\d{6}$/);
    expect(await credit({ orderId: order.id, reason: 'Order deleted' })).toBeNull();
    expect(await credit({ orderId: order.id, reason: 'Refund', amountPaise: 100, refundId: `rfnd_after_${counter}` })).toBeNull();
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });

  it('credits parts of an invoice at its rate and split, never more than the invoice in all', async () => {
    const { user } = await studentAccount();
    const { order } = await invoicedOrder(user.id, { gross: 99_900, discount: 12_488, gst: 15_734, net: 103_100 });
    const first = (await credit({ orderId: order.id, amountPaise: 50_000, reason: 'Partial refund', refundId: `rfnd_a${counter}` }))!;
    expect(first).toMatchObject({ total_paise: 50_000, igst_paise: 0, refund_id: `rfnd_a${counter}`, reason: 'Partial refund' });
    expect(first.cgst_paise).toBeGreaterThan(0);
    expectSound(first);
    // More than is left: capped at what is left.
    const second = (await credit({ orderId: order.id, amountPaise: 80_000, reason: 'Refund', refundId: `rfnd_b${counter}` }))!;
    expect(second.total_paise).toBe(53_100);
    expectSound(second);
    expect(await credit({ orderId: order.id, reason: 'Order deleted' })).toBeNull();
    const notes = await creditNotesOf(order.id);
    expect(notes.reduce((sum, note) => sum + note.total_paise, 0)).toBe(103_100);
    // The same refund reported again answers its note.
    expect((await credit({ orderId: order.id, amountPaise: 50_000, reason: 'Partial refund', refundId: `rfnd_a${counter}` }))!.id).toBe(first.id);
    expect(await creditNotesOf(order.id)).toHaveLength(2);
  });

  it('answers null for an order without an invoice and refuses an amount that is not whole paise', async () => {
    const { user } = await studentAccount();
    const free = await paidOrder(harness.db, user.id, { gross: 100_000, discount: 100_000, gst: 0, net: 0 });
    expect(await credit({ orderId: free.id, reason: 'Order deleted' })).toBeNull();
    const { order } = await invoicedOrder(user.id, { gross: 100_000, gst: 18_000, net: 118_000 });
    await expect(credit({ orderId: order.id, amountPaise: 10.5, reason: 'Refund' })).rejects.toMatchObject({ type: 'validation', field: 'amountPaise' });
    await expect(credit({ orderId: order.id, amountPaise: 0, reason: 'Refund' })).rejects.toMatchObject({ type: 'validation', field: 'amountPaise' });
  });

  it('credits one refund once, and never past the invoice, when credits of one order cross', async () => {
    const { user } = await studentAccount();
    const { order } = await invoicedOrder(user.id, { gross: 100_000, gst: 18_000, net: 118_000 });
    // The first credit holds its transaction open after issuing; the others start meanwhile.
    const race = async (first: Parameters<typeof issueCreditNote>[2], others: Array<Parameters<typeof issueCreditNote>[2]>) => {
      let issued!: () => void;
      const inside = new Promise<void>((resolve) => (issued = resolve));
      const holder = harness.db.transaction().execute(async (trx) => {
        const note = await issueCreditNote(trx, seller, first);
        issued();
        await sql`select pg_sleep(0.3)`.execute(trx);
        return note;
      });
      await inside;
      return Promise.all([holder, ...others.map((input) => credit(input))]);
    };
    const refund = { orderId: order.id, amountPaise: 30_000, reason: 'Refund', refundId: `rfnd_race${counter}` };
    const same = await race(refund, [refund, refund, refund]);
    expect(new Set(same.map((note) => note!.id)).size).toBe(1);
    const partials = await race({ orderId: order.id, amountPaise: 60_000, reason: 'Refund' }, [
      { orderId: order.id, amountPaise: 60_000, reason: 'Refund' },
      { orderId: order.id, reason: 'Order deleted' },
    ]);
    const notes = await creditNotesOf(order.id);
    expect(notes.reduce((sum, note) => sum + note.total_paise, 0)).toBe(118_000);
    expect(partials.filter((note) => note === null)).toHaveLength(1);
    for (const note of notes) expectSound(note);
  });

  it('numbers credit notes without gaps through refunds, repeats and crossings', async () => {
    const numbers = (await harness.db.selectFrom('invoices').select('number').where('kind', '=', 'credit-note').execute())
      .map((row) => Number(row.number.split('/').at(-1)))
      .sort((a, b) => a - b);
    expect(numbers.length).toBeGreaterThan(3);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });
});

describe('GET /api/student/invoices', () => {
  it("lists the student's invoices and credit notes newest first, also of an order staff deleted, and gives each as a PDF", async () => {
    const { user, cookie } = await studentAccount();
    const kept = await invoicedOrder(user.id, { gross: 100_000, gst: 18_000, net: 118_000 });
    const deleted = await invoicedOrder(user.id, { gross: 99_900, gst: 17_982, net: 117_882, buyerState: 'Karnataka' });
    expect((await asAdmin('DELETE', `/api/order/${deleted.order.id}`)).statusCode).toBe(200);
    const [note] = await creditNotesOf(deleted.order.id);

    const listed = await harness.injectWith(cookie)('GET', '/api/student/invoices');
    expect(listed.statusCode, listed.body).toBe(200);
    const page = listed.json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(page.items.map((document: { _id: string }) => document._id)).toEqual([note!.id, deleted.invoice.id, kept.invoice.id]);
    expect(page.items[0]).toEqual({
      _id: note!.id,
      kind: 'credit-note',
      number: note!.number,
      issuedAt: note!.issued_at.toISOString(),
      financialYear: financialYear(new Date()),
      orderId: deleted.order.id,
      description: 'Invoice course (12-months)',
      currency: 'INR',
      gstRate: 18,
      taxablePaise: 99900,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 17982,
      discountPaise: 0,
      roundOffPaise: 0,
      totalPaise: 117882,
      creditsInvoice: { _id: deleted.invoice.id, number: deleted.invoice.number, issuedAt: deleted.invoice.issued_at.toISOString() },
      reason: 'Order deleted',
      pdfUrl: `/api/student/invoices/${note!.id}`,
    });
    expect(page.items[2]).toMatchObject({ kind: 'invoice', number: kept.invoice.number, creditsInvoice: null, reason: null, totalPaise: 118000 });
    const second = (await harness.injectWith(cookie)('GET', '/api/student/invoices?page=2&pageSize=1')).json();
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 1, hasMore: true });
    expect(second.items.map((document: { _id: string }) => document._id)).toEqual([deleted.invoice.id]);

    const pdf = await harness.injectWith(cookie)('GET', page.items[0].pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`No. ${note!.number}`);
    expect(text).toMatch(new RegExp(`Against tax invoice No\\. ${deleted.invoice.number.replaceAll('/', '\\/')} dated \\d{2} [A-Z][a-z]{2} \\d{4}`));
    expect(text).toContain('Reason: Order deleted');
    expect(text).toContain('IGST @ 18% on ₹999.00 ₹179.82');
    expect((await harness.injectWith(cookie)('GET', `/api/student/invoices/${deleted.invoice.id}`)).statusCode).toBe(200);
  });

  it('gives a student named in Malayalam an invoice that reads back their name and the Malayalam course title', async () => {
    counter += 1;
    const name = 'ശ്രീക്കുട്ടൻ';
    const user = await createUser(harness.db, { email: `malayalam${counter}@example.com`, name });
    const cookie = await harness.signIn(`malayalam${counter}@example.com`);
    const title = 'കേരള പി.എസ്.സി. പ്രിലിമിനറി പരീക്ഷ ക്ഷമത';
    const { order, invoice } = await invoicedOrder(user.id, { gross: 100_000, gst: 18_000, net: 118_000, resourceTitle: title });
    const byOrder = await harness.injectWith(cookie)('GET', `/api/student/orders/${order.id}/invoice`);
    expect(byOrder.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(byOrder.rawPayload);
    expect(text).toContain(name);
    expect(text).toContain(`${title} (12-months) ₹1,000.00`);
    expect(text).not.toContain('?');
    expect(await pdfText((await harness.injectWith(cookie)('GET', `/api/student/invoices/${invoice.id}`)).rawPayload)).toContain(name);
    expect(await pdfText((await asAdmin('GET', `/api/admin/orders/${order.id}/invoice`)).rawPayload)).toContain(title);
  });

  it("answers 404 for another student's document, 400 for a bad page and 401 without a session", async () => {
    const owner = await studentAccount();
    const other = await studentAccount();
    const { invoice } = await invoicedOrder(owner.user.id, { gross: 100_000, gst: 18_000, net: 118_000 });
    const foreign = await harness.injectWith(other.cookie)('GET', `/api/student/invoices/${invoice.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: INVOICE_MESSAGES.notFound, type: 'not-found' });
    expect((await harness.injectWith(other.cookie)('GET', '/api/student/invoices/not-an-id')).statusCode).toBe(404);
    expect((await harness.injectWith(other.cookie)('GET', '/api/student/invoices')).json()).toMatchObject({ total: 0, items: [], hasMore: false });
    const badPage = await harness.injectWith(other.cookie)('GET', '/api/student/invoices?pageSize=1000');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json()).toMatchObject({ type: 'validation', field: 'query.pageSize' });
    expect((await asNobody('GET', '/api/student/invoices')).statusCode).toBe(401);
    expect((await asNobody('GET', `/api/student/invoices/${invoice.id}`)).statusCode).toBe(401);
  });
});
