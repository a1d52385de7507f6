import type { Paise } from '../commerce/money.ts';

/** What one cell of an export holds: text, a number, or nothing (an empty cell). */
export type CellValue = string | number | null;

/** The first characters with which a spreadsheet would read a cell as a formula (or start one): = + - @, tab and carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that Excel, LibreOffice or Google Sheets will show as typed, never run: text starting
 * like a formula gets a leading apostrophe (the spreadsheets' own mark for "this is text").
 * Numbers are written as numbers and are left alone.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** UTF-8's byte order mark: with it first, Excel opens a CSV as UTF-8 (Malayalam and ₹ intact). */
export const CSV_BOM = '\uFEFF';

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote, or a line break, its quotes doubled; formulas neutralised. */
export function csvField(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line end (RFC 4180). */
export function csvRecord(values: readonly CellValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * One column of an export: its heading, and how a row gives its cell. `text` is written as text
 * (formulas neutralised), `money` is whole paise written as rupees with two decimals, `date` a
 * moment written in India time, `count` a whole number.
 */
export type ExportColumn<Row> =
  | { header: string; kind: 'text'; value: (row: Row) => string | null }
  | { header: string; kind: 'money'; value: (row: Row) => Paise | null }
  | { header: string; kind: 'date'; value: (row: Row) => Date | null }
  | { header: string; kind: 'count'; value: (row: Row) => number | null };

/** The cell one column gives for a row, as a spreadsheet should show it (money in exact rupees, dates in India time). */
export function cellOf<Row>(column: ExportColumn<Row>, row: Row): CellValue {
  switch (column.kind) {
    case 'text':
      return column.value(row);
    case 'money': {
      const paise = column.value(row);
      return paise === null ? null : Number(rupeesText(paise));
    }
    case 'date':
      return indiaDateTime(column.value(row));
    case 'count':
      return column.value(row);
  }
}

/** A row's CSV record: money as its exact rupee text (two decimals always, never taken for a formula). */
export function csvRecordOf<Row>(columns: readonly ExportColumn<Row>[], row: Row): string {
  const fields = columns.map((column) => {
    if (column.kind !== 'money') return csvField(cellOf(column, row));
    const paise = column.value(row);
    return paise === null ? '' : rupeesText(paise);
  });
  return `${fields.join(',')}\r\n`;
}

/** The heading record of a CSV. */
export function csvHeadingOf<Row>(columns: readonly ExportColumn<Row>[]): string {
  return csvRecord(columns.map((column) => column.header));
}

/** Rupees with two decimals from whole paise, exactly (no floating point): 123456 → "1234.56", -5 → "-0.05". */
export function rupeesText(paise: Paise): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(paise));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** India keeps one offset all year, UTC+5:30 (no daylight saving since 1945). */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** A moment as India's clock shows it, in a form spreadsheets sort and read as a date: "2026-11-27 20:52:33". */
export function indiaDateTime(at: Date | null): string | null {
  if (at === null) return null;
  // The offset added and the result read as UTC: one small string a cell (an export writes millions).
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
