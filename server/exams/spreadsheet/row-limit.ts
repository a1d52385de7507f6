import { MAX_QUESTIONS_PER_EXAM } from '../../../shared/exams/exam.constants.ts';
import type { SheetRow } from '../../../shared/exams/spreadsheet.rules.ts';
import { AppError } from '../../errors.ts';
import { isFilledRow } from '../../spreadsheets/filled-row.ts';

/** Rows holding something that a question sheet may have: the header and one row per question. */
export const MAX_FILLED_ROWS = MAX_QUESTIONS_PER_EXAM + 1;

export const TOO_MANY_ROWS_MESSAGE =
  `The spreadsheet has too many rows: an exam holds at most ${MAX_QUESTIONS_PER_EXAM.toLocaleString('en-IN')} questions ` +
  '(one per row under the header row) and this file has more. Remove the extra rows or split the questions between exams.';

/**
 * Adds a row that holds something to `rows`, and refuses the file as soon as it has more such
 * rows than an exam can take: a reader calls it as it goes, so the rest of the file is never read.
 */
export function keepFilledRow(rows: SheetRow[], row: SheetRow): void {
  if (!isFilledRow(row.cells)) return;
  if (rows.length >= MAX_FILLED_ROWS) throw new AppError('validation', TOO_MANY_ROWS_MESSAGE);
  rows.push(row);
}
