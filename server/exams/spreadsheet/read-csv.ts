import { CsvError, parse } from 'csv-parse/sync';
import type { SheetRow } from '../../../shared/exams/spreadsheet.rules.ts';
import { AppError } from '../../errors.ts';

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The cell separator, from the header line: a comma, unless the header is split by
 * semicolons (Excel in some regions) or tabs instead.
 */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
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

/**
 * Reads a UTF-8 CSV file (with or without a byte-order mark) into rows numbered as a
 * spreadsheet program shows them: one row per record, so a cell with line breaks stays one
 * row, and empty lines keep their numbers.
 */
export function readCsv(content: Buffer): SheetRow[] {
  const text = content.toString('utf8');
  let records: string[][];
  let rowsRead = 0;
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (record: string[]) => {
        rowsRead += 1;
        return record;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('validation', csvErrorMessage(error, rowsRead + 1));
    throw error;
  }
  return records.map((cells, index) => ({ row: index + 1, cells }));
}
