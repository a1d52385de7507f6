import type { SheetRow } from '../../../shared/exams/spreadsheet.rules.ts';
import { readCsvRows as readRows } from '../../spreadsheets/read-csv.ts';
import { keepFilledRow } from './row-limit.ts';

export { CSV_PIECE_BYTES } from '../../spreadsheets/read-csv.ts';

export const CSV_MESSAGES = {
  tooHeavy: 'The CSV file needs too much memory or time to read. Split the questions into smaller files.',
  unreadable: 'The CSV file could not be read. Open it in Excel, save it again as "CSV UTF-8" and upload it again.',
} as const;

/**
 * A question sheet saved as CSV, read into the rows that hold something, numbered as a spreadsheet
 * program shows them; refused as soon as `keep` refuses a row (by default: more rows than an exam
 * can hold). CPU-heavy: the server runs it in a reader thread (reader-thread.ts).
 */
export function readCsvRows(content: Buffer, keep: (rows: SheetRow[], row: SheetRow) => void = keepFilledRow): Promise<SheetRow[]> {
  return readRows(content, keep);
}
