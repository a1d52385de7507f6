import type { z } from 'zod';
import { GST_PERIOD_MESSAGE, gstStateCode, parseGstPeriod, SAC_CODE, SAC_DESCRIPTION, type GstPeriod } from '../../shared/commerce/gst-report.rules.ts';
import type { GstReport, gstReportQuerySchema } from '../../shared/commerce/gst-report.schema.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import * as repo from './gst-report.repository.ts';

/** Reads the period of a request, or refuses it naming `query.period`. */
export function periodOf(text: string): GstPeriod {
  const period = parseGstPeriod(text);
  if (!period) throw new AppError('validation', GST_PERIOD_MESSAGE, { field: 'query.period' });
  return period;
}

function documentRow(record: repo.DocumentRecord) {
  return {
    number: record.number,
    date: record.date,
    buyerName: record.buyer_name,
    buyerGstin: record.buyer_gstin,
    placeOfSupply: record.place_of_supply,
    stateCode: gstStateCode(record.place_of_supply),
    gstRate: record.gst_rate,
    ...documentAmounts(record),
  };
}

/** What a document (or a register's total) adds up: its taxable value, taxes, discount, round-off and total. */
function documentAmounts(record: repo.DocumentTotalsRecord | repo.DocumentRecord) {
  return {
    taxablePaise: record.taxable_paise,
    cgstPaise: record.cgst_paise,
    sgstPaise: record.sgst_paise,
    igstPaise: record.igst_paise,
    discountPaise: record.discount_paise,
    roundOffPaise: record.round_off_paise,
    totalPaise: record.total_paise,
  };
}

function documentTotals(record: repo.DocumentTotalsRecord) {
  return { count: record.count, ...documentAmounts(record) };
}

function netAmounts(record: repo.NetRecord) {
  return {
    invoices: record.invoices,
    creditNotes: record.credit_notes,
    taxablePaise: record.taxable_paise,
    cgstPaise: record.cgst_paise,
    sgstPaise: record.sgst_paise,
    igstPaise: record.igst_paise,
    totalPaise: record.total_paise,
  };
}

/** Splits ROLLUP rows into the groups and the grand total (all zeros for an empty period). */
function splitTotal(records: repo.NetRecord[]) {
  const total = records.find((record) => record.is_total === 1);
  const zero = { invoices: 0, creditNotes: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
  return { rows: records.filter((record) => record.is_total !== 1), totals: total ? netAmounts(total) : zero };
}

/**
 * The GST return report of a month or a quarter (India time): the invoice and credit-note
 * registers, the GSTR-1 B2C summary by place of supply and rate and the HSN/SAC summary, both net
 * of the period's credit notes. A credit note counts in the period of its own date. Every figure is
 * summed in SQL in paise.
 */
export async function gstReport(ctx: AppContext, query: z.output<typeof gstReportQuerySchema>): Promise<GstReport> {
  const period = periodOf(query.period);
  const { start, end } = period;
  const [invoices, invoiceTotals, creditNotes, creditTotals, byState, byRate] = await Promise.all([
    repo.documentsOfPeriod(ctx.db, 'invoice', start, end),
    repo.documentTotalsOfPeriod(ctx.db, 'invoice', start, end),
    repo.documentsOfPeriod(ctx.db, 'credit-note', start, end),
    repo.documentTotalsOfPeriod(ctx.db, 'credit-note', start, end),
    repo.netOfPeriod(ctx.db, true, start, end),
    repo.netOfPeriod(ctx.db, false, start, end),
  ]);
  const b2c = splitTotal(byState);
  const hsn = splitTotal(byRate);
  return {
    period: { text: period.text, kind: period.kind, label: period.label, firstDay: period.firstDay, lastDay: period.lastDay },
    invoices: { rows: invoices.map(documentRow), totals: documentTotals(invoiceTotals) },
    creditNotes: {
      rows: creditNotes.map((record) => ({
        ...documentRow(record),
        invoiceNumber: record.invoice_number ?? '',
        invoiceDate: record.invoice_date ?? '',
        reason: record.reason ?? '',
      })),
      totals: documentTotals(creditTotals),
    },
    b2c: {
      rows: b2c.rows.map((record) => ({
        placeOfSupply: record.group_key ?? '',
        stateCode: gstStateCode(record.group_key ?? ''),
        gstRate: record.gst_rate ?? 0,
        ...netAmounts(record),
      })),
      totals: b2c.totals,
    },
    hsn: {
      rows: hsn.rows.map((record) => ({ sac: SAC_CODE, description: SAC_DESCRIPTION, gstRate: record.gst_rate ?? 0, ...netAmounts(record) })),
      totals: hsn.totals,
    },
  };
}
