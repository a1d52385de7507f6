import type { ImportTemplate } from '../../../shared/exams/exam.constants.ts';
import type { SpreadsheetImportResult } from '../../../shared/exams/spreadsheet.rules.ts';
import { checkSpreadsheetInReaderThread } from './reader-thread.ts';
import { sampleCsv, sampleWorkbook } from './sample-spreadsheet.ts';
import { detectSpreadsheetFormat, type SpreadsheetFormat } from './spreadsheet-format.ts';
import { checkXlsxArchive } from './xlsx-rows.ts';

export interface ImportSpreadsheetInput {
  content: Buffer;
  template: ImportTemplate;
  answerInIndex: boolean;
}

export interface ImportSpreadsheetOptions {
  /** Where to report a reader thread that failed in a way no file should cause. */
  log?: { warn: (details: object, message: string) => void };
}

/**
 * Reads an uploaded question spreadsheet (XLSX or CSV, told apart by content) and checks
 * it, in a reader thread. Nothing is stored: the console appends the groups to the exam it is
 * editing.
 */
export async function importQuestionSpreadsheet(input: ImportSpreadsheetInput, options: ImportSpreadsheetOptions = {}): Promise<SpreadsheetImportResult> {
  const format = detectSpreadsheetFormat(input.content);
  // What the zip directory alone refuses is refused before waiting for a reader thread.
  if (format === 'xlsx') checkXlsxArchive(input.content);
  return checkSpreadsheetInReaderThread(
    { format, content: input.content, template: input.template, answerInIndex: input.answerInIndex },
    { onUnexpectedFailure: (error) => options.log?.warn({ err: error }, 'the spreadsheet reader thread failed') },
  );
}

export interface SampleFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

const CONTENT_TYPES: Record<SpreadsheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** A sample spreadsheet of a template, with a few example questions. */
export async function sampleSpreadsheet(input: { template: ImportTemplate; answerInIndex: boolean; format: SpreadsheetFormat }): Promise<SampleFile> {
  const options = { template: input.template, answerInIndex: input.answerInIndex };
  const content = input.format === 'xlsx' ? await sampleWorkbook(options) : sampleCsv(options);
  const answer = input.answerInIndex ? 'answer-number' : 'answer-text';
  return { fileName: `questions-${input.template}-${answer}.${input.format}`, contentType: CONTENT_TYPES[input.format], content };
}
