import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { GST_PERIOD_MESSAGE } from '../../../shared/commerce/gst-report.rules.ts';
import type { GstReport } from '../../../shared/commerce/gst-report.schema.ts';
import { issueCreditNote, issueInvoice } from '../../../server/orders/invoices.service.ts';
import { createUser, testConfig } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { createCourseForSale, paidRateCardValues } from '../../support/factories/course.ts';

const sellerEnv = { SELLER_GSTIN: '32ABCDE1234F1Z5', SELLER_NAME: 'Lakshya Academy', INVOICE_PREFIX: 'LKA' };
const seller = testConfig(sellerEnv);
const harness = useApp({ env: () => sellerEnv, roles: ['admin', 'marketing', 'manager'] });
const asAdmin = harness.injectAs('admin');

/** A moment, India time: "2026-11-30T23:59:00". */
const ist = (local: string) => new Date(`${local}+05:30`);

let courseId: string;
let counter = 0;

async function invoiced(name: string, state: string, amounts: { discount?: number; gst: number; net: number }, issuedAt: Date) {
  counter += 1;
  const user = await createUser(harness.db, { email: `gst${counter}@example.com`, name });
  const order = await harness.db
    .insertInto('orders')
    .values({
      user_id: user.id,
      title: 'KAS 12 months',
      subscription_term: '12-months',
      term_days: 365,
      resource_type: 'course',
      resource_id: courseId,
      resource_title: 'KAS Prelims',
      gross_paise: 99_900,
      discount_paise: amounts.discount ?? 0,
      gst_rate: 18,
      gst_paise: amounts.gst,
      net_paise: amounts.net,
      mode: 'online',
      status: 'paid',
      paid_at: issuedAt,
      buyer_state: state,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await harness.db.transaction().execute((trx) => issueInvoice(trx, seller, order));
  await harness.db.updateTable('invoices').set({ issued_at: issuedAt }).where('order_id', '=', order.id).execute();
  return order.id;
}

/** A credit note issued as deletes and refunds issue them, then dated. */
async function credited(orderId: string, issuedAt: Date, input: { amountPaise?: number; reason: string; refundId?: string }) {
  const note = await harness.db.transaction().execute((trx) => issueCreditNote(trx, seller, { orderId, ...input }));
  await harness.db
    .updateTable('invoices')
    .set({ issued_at: issuedAt, credited_invoice_issued_at: sql`(select issued_at from invoices i where i.id = invoices.credits_invoice_id)` })
    .where('id', '=', note!.id)
    .execute();
}

const intra = { gst: 17_982, net: 117_882 };
const inter = { discount: 12_488, gst: 15_734, net: 103_100 };

beforeAll(async () => {
  ({ courseId } = await createCourseForSale(
    harness.db,
    { title: 'KAS Prelims' },
    { title: 'KAS 12 months', subscription_term: '12-months', ...paidRateCardValues(999) },
  ));
  // November 2026: three buyers in Kerala (CGST + SGST), two in Tamil Nadu (IGST).
  await invoiced('Anu Kerala', 'Kerala', intra, ist('2026-11-03T10:00:00'));
  await invoiced('Bala Chennai', 'Tamil Nadu', inter, ist('2026-11-10T12:00:00'));
  const deleted = await invoiced('Chithra Kerala', 'Kerala', intra, ist('2026-11-05T09:00:00'));
  const refunded = await invoiced('Devi Madurai', 'Tamil Nadu', intra, ist('2026-11-12T15:00:00'));
  // The last minute of the month, India time (18:29 UTC): November's.
  const lastMinute = await invoiced('=HYPERLINK("http://x")', 'Kerala', intra, ist('2026-11-30T23:59:00'));
  // The first minute of December, India time (still 30 November in UTC): December's.
  await invoiced('Esha December', 'Kerala', intra, ist('2026-12-01T00:00:00'));
  await credited(deleted, ist('2026-11-20T11:00:00'), { reason: 'Order deleted' });
  await credited(refunded, ist('2026-11-25T16:00:00'), { amountPaise: 50_000, reason: 'Refund', refundId: 'rfnd_gst_1' });
  // November's invoice credited in December: the note counts in December.
  await credited(lastMinute, ist('2026-12-02T10:00:00'), { reason: 'Order deleted' });
});

async function report(period: string): Promise<GstReport> {
  const answer = await asAdmin('GET', `/api/admin/reports/gst?period=${encodeURIComponent(period)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const sum = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);
const AMOUNTS = ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalPaise'] as const;

describe('GST return report', () => {
  it('lists November 2026: every invoice and credit note of the month, India time, with every figure', async () => {
    const november = await report('2026-11');
    expect(november.period).toEqual({ text: '2026-11', kind: 'month', label: 'November 2026', firstDay: '2026-11-01', lastDay: '2026-11-30' });

    const invoices = november.invoices.rows;
    expect(invoices.map((row) => [row.date, row.buyerName, row.placeOfSupply, row.stateCode])).toEqual([
      ['2026-11-03', 'Anu Kerala', 'Kerala', '32'],
      ['2026-11-10', 'Bala Chennai', 'Tamil Nadu', '33'],
      ['2026-11-05', 'Chithra Kerala', 'Kerala', '32'],
      ['2026-11-12', 'Devi Madurai', 'Tamil Nadu', '33'],
      ['2026-11-30', '=HYPERLINK("http://x")', 'Kerala', '32'],
    ]);
    expect([...invoices.map((row) => row.number)]).toEqual(invoices.map((row) => row.number).sort());
    expect(invoices[0]).toMatchObject({
      buyerGstin: null,
      gstRate: 18,
      taxablePaise: 99_900,
      cgstPaise: 8991,
      sgstPaise: 8991,
      igstPaise: 0,
      roundOffPaise: 0,
      totalPaise: 117_882,
    });
    expect(invoices[1]).toMatchObject({ taxablePaise: 87_412, cgstPaise: 0, sgstPaise: 0, igstPaise: 15_734, roundOffPaise: -46, totalPaise: 103_100 });
    expect(invoices[3]).toMatchObject({ taxablePaise: 99_900, cgstPaise: 0, sgstPaise: 0, igstPaise: 17_982, totalPaise: 117_882 });
    expect(november.invoices.totals).toEqual({
      count: 5,
      taxablePaise: 487_012,
      cgstPaise: 26_973,
      sgstPaise: 26_973,
      igstPaise: 33_716,
      discountPaise: 0,
      roundOffPaise: -46,
      totalPaise: 574_628,
    });

    const notes = november.creditNotes.rows;
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({
      date: '2026-11-20',
      buyerName: 'Chithra Kerala',
      invoiceNumber: invoices[2]!.number,
      invoiceDate: '2026-11-05',
      reason: 'Order deleted',
      taxablePaise: 99_900,
      cgstPaise: 8991,
      sgstPaise: 8991,
      igstPaise: 0,
      totalPaise: 117_882,
    });
    // ₹500 refunded across states: ₹423.73 taxable + ₹76.27 IGST.
    expect(notes[1]).toMatchObject({
      date: '2026-11-25',
      buyerName: 'Devi Madurai',
      placeOfSupply: 'Tamil Nadu',
      invoiceNumber: invoices[3]!.number,
      invoiceDate: '2026-11-12',
      reason: 'Refund',
      taxablePaise: 42_373,
      igstPaise: 7627,
      roundOffPaise: 0,
      totalPaise: 50_000,
    });
    expect(november.creditNotes.totals).toEqual({
      count: 2,
      taxablePaise: 142_273,
      cgstPaise: 8991,
      sgstPaise: 8991,
      igstPaise: 7627,
      discountPaise: 0,
      roundOffPaise: 0,
      totalPaise: 167_882,
    });

    expect(november.b2c.rows).toEqual([
      {
        placeOfSupply: 'Kerala',
        stateCode: '32',
        gstRate: 18,
        invoices: 3,
        creditNotes: 1,
        taxablePaise: 199_800,
        cgstPaise: 17_982,
        sgstPaise: 17_982,
        igstPaise: 0,
        totalPaise: 235_764,
      },
      {
        placeOfSupply: 'Tamil Nadu',
        stateCode: '33',
        gstRate: 18,
        invoices: 2,
        creditNotes: 1,
        taxablePaise: 144_939,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 26_089,
        totalPaise: 170_982,
      },
    ]);
    const net = { invoices: 5, creditNotes: 2, taxablePaise: 344_739, cgstPaise: 17_982, sgstPaise: 17_982, igstPaise: 26_089, totalPaise: 406_746 };
    expect(november.b2c.totals).toEqual(net);
    expect(november.hsn.rows).toEqual([{ sac: '999293', description: 'Commercial training and coaching services', gstRate: 18, ...net }]);
    expect(november.hsn.totals).toEqual(net);
  });

  it('makes every total the sum of its documents to the paisa, and the summaries the invoices less the credit notes', async () => {
    for (const period of ['2026-11', '2026-12', '2026-27 Q3']) {
      const { invoices, creditNotes, b2c, hsn } = await report(period);
      for (const register of [invoices, creditNotes]) {
        expect(register.totals.count).toBe(register.rows.length);
        for (const key of [...AMOUNTS, 'discountPaise', 'roundOffPaise'] as const)
          expect(register.totals[key], `${period} ${key}`).toBe(sum(register.rows, (row) => row[key]));
      }
      const summaries: Array<{ rows: ReadonlyArray<Record<(typeof AMOUNTS)[number], number>>; totals: GstReport['b2c']['totals'] }> = [b2c, hsn];
      for (const summary of summaries) {
        for (const key of AMOUNTS) {
          expect(summary.totals[key], `${period} ${key}`).toBe(sum(summary.rows, (row) => row[key]));
          expect(summary.totals[key], `${period} ${key}`).toBe(invoices.totals[key] - creditNotes.totals[key]);
        }
        expect(summary.totals.invoices).toBe(invoices.rows.length);
        expect(summary.totals.creditNotes).toBe(creditNotes.rows.length);
      }
    }
  });

  it('counts a credit note in its own month, and the first minute of December in December', async () => {
    const december = await report('2026-12');
    expect(december.invoices.rows.map((row) => [row.buyerName, row.date])).toEqual([['Esha December', '2026-12-01']]);
    expect(december.creditNotes.rows.map((row) => [row.buyerName, row.date, row.invoiceDate])).toEqual([
      ['=HYPERLINK("http://x")', '2026-12-02', '2026-11-30'],
    ]);
    // The note takes back in December what November's invoice charged: the month nets to zero.
    expect(december.b2c.rows).toEqual([
      {
        placeOfSupply: 'Kerala',
        stateCode: '32',
        gstRate: 18,
        invoices: 1,
        creditNotes: 1,
        taxablePaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        totalPaise: 0,
      },
    ]);
    const quarter = await report('2026-27 Q3');
    expect(quarter.period).toMatchObject({ kind: 'quarter', firstDay: '2026-10-01', lastDay: '2026-12-31' });
    expect(quarter.invoices.totals.count).toBe(6);
    expect(quarter.creditNotes.totals.count).toBe(3);
    expect((await report('2026-10')).invoices.rows).toEqual([]);
    expect((await report('2026-10')).b2c).toEqual({
      rows: [],
      totals: { invoices: 0, creditNotes: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 },
    });
  });

  it('refuses a bad period naming query.period, and roles other than administrators', async () => {
    for (const period of ['2026-13', 'November', '2026-28 Q1', '2026-27 Q5', '']) {
      const answer = await asAdmin('GET', `/api/admin/reports/gst?period=${encodeURIComponent(period)}`);
      expect(answer.statusCode, period).toBe(400);
      expect(answer.json()).toMatchObject({ type: 'validation', field: 'query.period', message: GST_PERIOD_MESSAGE });
    }
    expect((await asAdmin('GET', '/api/admin/reports/gst')).json()).toMatchObject({ field: 'query.period' });
    expect((await asAdmin('GET', '/api/admin/reports/gst.csv?period=2026-11&part=all')).json()).toMatchObject({ field: 'query.part' });
    for (const role of ['marketing', 'manager'] as const) {
      expect((await harness.injectAs(role)('GET', '/api/admin/reports/gst?period=2026-11')).statusCode).toBe(403);
      expect((await harness.injectAs(role)('GET', '/api/admin/reports/gst.xlsx?period=2026-11')).statusCode).toBe(403);
    }
    expect((await harness.injectAs('nobody')('GET', '/api/admin/reports/gst.csv?period=2026-11&part=b2c')).statusCode).toBe(401);
  });

  it('writes each part as CSV: UTF-8 with a BOM, rupees from paise, formula-like text neutralised, the totals row last', async () => {
    const answer = await asAdmin('GET', '/api/admin/reports/gst.csv?period=2026-11&part=invoices');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="gst-report-2026-11-invoices.csv"');
    const bytes = answer.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Number,Date,Buyer,Buyer GSTIN,Place of supply,State code,GST rate %,Taxable value,CGST,SGST,IGST,Discount,Round-off,Total');
    expect(lines[2]).toMatch(/^LKA\/\d{4}\/\d{6},2026-11-10,Bala Chennai,,Tamil Nadu,33,18,874\.12,0\.00,0\.00,157\.34,0\.00,-0\.46,1031\.00$/);
    expect(lines[5]).toMatch(/,2026-11-30,"'=HYPERLINK\(""http:\/\/x""\)",,Kerala,32,18,999\.00,89\.91,89\.91,0\.00,0\.00,0\.00,1178\.82$/);
    expect(lines[6]).toBe('Total (5),,,,,,,4870.12,269.73,269.73,337.16,0.00,-0.46,5746.28');
    expect(lines[7]).toBe('');

    const b2c = (await asAdmin('GET', '/api/admin/reports/gst.csv?period=2026-11&part=b2c')).rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(b2c.slice(0, 4)).toEqual([
      'Place of supply,State code,GST rate %,Invoices,Credit notes,Taxable value,CGST,SGST,IGST,Total',
      'Kerala,32,18,3,1,1998.00,179.82,179.82,0.00,2357.64',
      'Tamil Nadu,33,18,2,1,1449.39,0.00,0.00,260.89,1709.82',
      'Total,,,5,2,3447.39,179.82,179.82,260.89,4067.46',
    ]);
    const notes = (await asAdmin('GET', '/api/admin/reports/gst.csv?period=2026-11&part=credit-notes')).rawPayload.toString('utf8');
    expect(notes).toContain(',Order deleted\r\n');
    const hsn = (await asAdmin('GET', '/api/admin/reports/gst.csv?period=2026-11&part=hsn')).rawPayload.toString('utf8');
    expect(hsn).toContain('\r\n999293,Commercial training and coaching services,18,5,2,3447.39,179.82,179.82,260.89,4067.46\r\n');
  });

  it('writes the workbook: a sheet per part, amounts as rupees with two decimals', async () => {
    const answer = await asAdmin('GET', '/api/admin/reports/gst.xlsx?period=2026-27%20Q3');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Invoices', 'Credit notes', 'B2C by place of supply', 'HSN-SAC summary']);
    const invoices = workbook.getWorksheet('Invoices')!;
    expect(invoices.getCell('A1').value).toBe('GST report: Q3 2026-27 (October 2026 – December 2026) (2026-10-01 to 2026-12-31)');
    expect(invoices.getRow(2).getCell(8).value).toBe('Taxable value');
    const total = invoices.getRow(invoices.rowCount);
    expect(total.getCell(1).value).toBe('Total (6)');
    expect(total.getCell(8).value).toBe(5869.12);
    expect(total.getCell(8).numFmt).toBe('#,##0.00');
    expect(total.getCell(13).value).toBe(-0.46);
    const hsn = workbook.getWorksheet('HSN-SAC summary')!;
    expect(hsn.getRow(3).values).toEqual([
      undefined,
      '999293',
      'Commercial training and coaching services',
      18,
      6,
      3,
      3447.39,
      179.82,
      179.82,
      260.89,
      4067.46,
    ]);
  });
});
