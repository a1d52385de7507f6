/**
 * Worker-thread entry: reads and checks one lakshya-students CSV off the server's main thread.
 * Receives { content }, answers { result } or { refused }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SheetRow } from '../../shared/exams/spreadsheet.rules.ts';
import {
  checkStudentRows,
  csvTextOf,
  MAX_EMPTY_IMPORT_ROWS,
  MAX_IMPORT_ROWS,
  LAKSHYA_STUDENT_MESSAGES,
} from '../../shared/lakshya-students/lakshya-students.rules.ts';
import { AppError } from '../errors.ts';
import { isFilledRow } from '../spreadsheets/filled-row.ts';
import { readCsvRows } from '../spreadsheets/read-csv.ts';

const { content } = workerData as { content: Uint8Array };

let emptyRows = 0;

/**
 * The header and at most MAX_IMPORT_ROWS students: the reader stops at the first row past that.
 * Empty rows are not kept but counted, so that a file of nothing but line breaks is refused early
 * instead of being read to its end.
 */
function keepRow(rows: SheetRow[], row: SheetRow): void {
  if (!isFilledRow(row.cells)) {
    emptyRows += 1;
    if (emptyRows > MAX_EMPTY_IMPORT_ROWS) throw new AppError('validation', LAKSHYA_STUDENT_MESSAGES.tooManyEmptyRows(MAX_EMPTY_IMPORT_ROWS), { field: 'csv' });
    return;
  }
  if (rows.length > MAX_IMPORT_ROWS) throw new AppError('validation', LAKSHYA_STUDENT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS), { field: 'csv' });
  rows.push(row);
}

try {
  // Decoded here, not by the parser: a file in another encoding is refused instead of read as garbled names.
  const text = csvTextOf(content);
  if (text === undefined) throw new AppError('validation', LAKSHYA_STUDENT_MESSAGES.notText, { field: 'csv' });
  const rows = await readCsvRows(Buffer.from(text, 'utf8'), keepRow);
  parentPort?.postMessage({ result: checkStudentRows(rows) });
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  parentPort?.postMessage({ refused: { message: error.message, kind: error.kind, field: error.field } });
}
