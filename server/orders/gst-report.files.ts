import ExcelJS from 'exceljs';
import { rupeesText } from '../../shared/commerce/gst-report.rules.ts';
import type { GstReport, GstReportPart } from '../../shared/commerce/gst-report.schema.ts';

/**
 * The GST report as files: CSV (one part, UTF-8 with a BOM so that Excel reads Malayalam) and XLSX
 * (a sheet per part). Amounts are rupees with two decimals, written from the paise exactly; each
 * table ends with its totals row, the figures the server summed.
 */

/** A cell: text (a name, a number, a state), a rate, or an amount in paise. */
type Cell = { text: string } | { rate: number } | { paise: number } | { count: number };

interface Table {
  sheet: string;
  headers: string[];
  rows: Cell[][];
}

const text = (value: string | null): Cell => ({ text: value ?? '' });
const paise = (value: number): Cell => ({ paise: value });
const rate = (value: number): Cell => ({ rate: value });
const count = (value: number): Cell => ({ count: value });

const DOCUMENT_HEADERS = [
  'Number',
  'Date',
  'Buyer',
  'Buyer GSTIN',
  'Place of supply',
  'State code',
  'GST rate %',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Discount',
  'Round-off',
  'Total',
];
const NET_HEADERS = ['Invoices', 'Credit notes', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Total'];

type DocumentRow = GstReport['invoices']['rows'][number];
type DocumentTotals = GstReport['invoices']['totals'];
type NetAmounts = GstReport['b2c']['totals'];

function documentCells(row: DocumentRow): Cell[] {
  return [
    text(row.number),
    text(row.date),
    text(row.buyerName),
    text(row.buyerGstin),
    text(row.placeOfSupply),
    text(row.stateCode),
    rate(row.gstRate),
    ...[row.taxablePaise, row.cgstPaise, row.sgstPaise, row.igstPaise, row.discountPaise, row.roundOffPaise, row.totalPaise].map(paise),
  ];
}

function documentTotalCells(totals: DocumentTotals, extra: number): Cell[] {
  return [
    text(`Total (${totals.count})`),
    ...Array.from({ length: 6 }, () => text('')),
    ...[totals.taxablePaise, totals.cgstPaise, totals.sgstPaise, totals.igstPaise, totals.discountPaise, totals.roundOffPaise, totals.totalPaise].map(paise),
    ...Array.from({ length: extra }, () => text('')),
  ];
}

function netCells(row: NetAmounts): Cell[] {
  return [count(row.invoices), count(row.creditNotes), ...[row.taxablePaise, row.cgstPaise, row.sgstPaise, row.igstPaise, row.totalPaise].map(paise)];
}

export function gstReportTables(report: GstReport): Record<GstReportPart, Table> {
  return {
    invoices: {
      sheet: 'Invoices',
      headers: DOCUMENT_HEADERS,
      rows: [...report.invoices.rows.map(documentCells), documentTotalCells(report.invoices.totals, 0)],
    },
    'credit-notes': {
      sheet: 'Credit notes',
      headers: [...DOCUMENT_HEADERS, 'Invoice number', 'Invoice date', 'Reason'],
      rows: [
        ...report.creditNotes.rows.map((row) => [...documentCells(row), text(row.invoiceNumber), text(row.invoiceDate), text(row.reason)]),
        documentTotalCells(report.creditNotes.totals, 3),
      ],
    },
    b2c: {
      sheet: 'B2C by place of supply',
      headers: ['Place of supply', 'State code', 'GST rate %', ...NET_HEADERS],
      rows: [
        ...report.b2c.rows.map((row) => [text(row.placeOfSupply), text(row.stateCode), rate(row.gstRate), ...netCells(row)]),
        [text('Total'), text(''), text(''), ...netCells(report.b2c.totals)],
      ],
    },
    hsn: {
      sheet: 'HSN-SAC summary',
      headers: ['SAC', 'Description', 'GST rate %', ...NET_HEADERS],
      rows: [
        ...report.hsn.rows.map((row) => [text(row.sac), text(row.description), rate(row.gstRate), ...netCells(row)]),
        [text('Total'), text(''), text(''), ...netCells(report.hsn.totals)],
      ],
    },
  };
}

/**
 * Text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return)
 * gets a leading apostrophe, so it is shown as typed. Amounts are written by the server and stay numbers.
 */
export function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvText(cell: Cell): string {
  if ('text' in cell) return csvField(neutralised(cell.text));
  if ('paise' in cell) return rupeesText(cell.paise);
  if ('rate' in cell) return String(cell.rate);
  return String(cell.count);
}

/** One part as CSV: UTF-8 with a byte-order mark, CRLF line ends. */
export function gstReportCsv(report: GstReport, part: GstReportPart): Buffer {
  const table = gstReportTables(report)[part];
  const lines = [table.headers.map(csvField), ...table.rows.map((row) => row.map(csvText))].map((cells) => cells.join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const RUPEES_FORMAT = '#,##0.00';

/** The whole report as an XLSX workbook: a sheet per part, amounts as rupee numbers shown with two decimals. */
export async function gstReportXlsx(report: GstReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const table of Object.values(gstReportTables(report))) {
    const sheet = workbook.addWorksheet(table.sheet);
    sheet.addRow([`GST report: ${report.period.label} (${report.period.firstDay} to ${report.period.lastDay})`]);
    sheet.addRow(table.headers).font = { bold: true };
    for (const cells of table.rows) {
      const row = sheet.addRow(
        cells.map((cell) => ('text' in cell ? cell.text : 'paise' in cell ? Number(rupeesText(cell.paise)) : 'rate' in cell ? cell.rate : cell.count)),
      );
      cells.forEach((cell, index) => {
        if ('paise' in cell) row.getCell(index + 1).numFmt = RUPEES_FORMAT;
      });
    }
    sheet.lastRow!.font = { bold: true };
    sheet.columns.forEach((column) => (column.width = 16));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function gstReportFileName(report: GstReport, suffix: string): string {
  return `gst-report-${report.period.text.replace(/[^0-9A-Za-z-]+/g, '-')}${suffix}`;
}
