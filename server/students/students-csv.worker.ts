/**
 * Worker-thread entry: reads and checks one special-students CSV off the server's main thread.
 * Receives { content }, answers { result } or { refused }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SheetRow } from '../../shared/exams/spreadsheet.rules.ts';
import { checkStudentRows, MAX_IMPORT_ROWS, SPECIAL_STUDENT_MESSAGES } from '../../shared/students/special-students.rules.ts';
import { AppError } from '../errors.ts';
import { isFilledRow } from '../exams/spreadsheet/row-limit.ts';
import { readCsvRows } from '../exams/spreadsheet/read-csv.ts';

const { content } = workerData as { content: Uint8Array };

/** The header and at most MAX_IMPORT_ROWS students: the reader stops at the first row past that. */
function keepRow(rows: SheetRow[], row: SheetRow): void {
  if (!isFilledRow(row.cells)) return;
  if (rows.length > MAX_IMPORT_ROWS) throw new AppError('validation', SPECIAL_STUDENT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS));
  rows.push(row);
}

try {
  const rows = await readCsvRows(Buffer.from(content.buffer, content.byteOffset, content.byteLength), keepRow);
  parentPort?.postMessage({ result: checkStudentRows(rows) });
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  parentPort?.postMessage({ refused: { message: error.message, statusCode: error.statusCode } });
}
