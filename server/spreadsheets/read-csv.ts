import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import type { SheetRow } from '../../shared/exams/spreadsheet.rules.ts';
import { AppError } from '../errors.ts';

const DELIMITERS = [',', ';', '\t'] as const;
/** The parser takes the file in pieces of this size, so it stops soon after `keep` refuses a row. */
export const CSV_PIECE_BYTES = 64 * 1024;
const BYTE_ORDER_MARK = /^\uFEFF/;

function firstLineEnd(content: Buffer): number {
  const lineFeed = content.indexOf(0x0a);
  const carriageReturn = content.indexOf(0x0d);
  if (lineFeed < 0) return carriageReturn < 0 ? content.length : carriageReturn;
  return carriageReturn < 0 ? lineFeed : Math.min(lineFeed, carriageReturn);
}

/**
 * The cell separator, from the header line: a comma, unless the header is split by
 * semicolons (Excel in some regions) or tabs instead.
 */
function delimiterOf(content: Buffer): string {
  const firstLine = content.toString('utf8', 0, firstLineEnd(content)).replace(BYTE_ORDER_MARK, '');
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = firstLine.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** A parse failure, named by the spreadsheet row it happened in (the rows before it were read). */
function csvErrorMessage(error: CsvError, row: number): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return `The CSV file could not be read: a quoted cell in row ${row} is never closed. Check the quotes (") in that row.`;
  }
  return `The CSV file could not be read at row ${row}: ${error.message}`;
}

function* piecesOf(content: Buffer): Generator<Buffer> {
  for (let at = 0; at < content.length; at += CSV_PIECE_BYTES) yield content.subarray(at, at + CSV_PIECE_BYTES);
}

/**
 * Reads a UTF-8 CSV file (with or without a byte-order mark) into the rows `keep` keeps,
 * numbered as a spreadsheet program shows them: one row per record, so a cell with line breaks
 * stays one row, and empty lines keep their numbers. Streams through the file and stops, refusing
 * it, as soon as `keep` refuses a row. CPU-heavy: the server runs it in a worker thread.
 */
export async function readCsvRows(content: Buffer, keep: (rows: SheetRow[], row: SheetRow) => void): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let rowsRead = 0;
  const parser = parse({
    bom: true,
    delimiter: delimiterOf(content),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    // Rows are kept here as they are parsed: past the row limit this throws, which stops the parser mid-piece.
    on_record: (cells: string[]) => {
      rowsRead += 1;
      keep(rows, { row: rowsRead, cells });
      return null;
    },
  });
  const nothingPassesThrough = new Writable({ objectMode: true, write: (_record, _encoding, done) => done() });
  try {
    await pipeline(Readable.from(piecesOf(content)), parser, nothingPassesThrough);
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('validation', csvErrorMessage(error, rowsRead + 1));
    throw error;
  }
  return rows;
}
