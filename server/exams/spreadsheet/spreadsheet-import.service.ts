import type { ImportTemplate } from '../../../shared/exams/exam.constants.ts';
import { checkQuestionSpreadsheet, type SpreadsheetImportResult } from '../../../shared/exams/spreadsheet.rules.ts';
import { readCsv } from './read-csv.ts';
import { readXlsx } from './read-xlsx.ts';
import { sampleCsv, sampleWorkbook } from './sample-spreadsheet.ts';
import { detectSpreadsheetFormat, type SpreadsheetFormat } from './spreadsheet-format.ts';

export interface ImportSpreadsheetInput {
  content: Buffer;
  template: ImportTemplate;
  answerInIndex: boolean;
}

/**
 * Reads an uploaded question spreadsheet (XLSX or CSV, told apart by content) and checks
 * it. Nothing is stored: the console appends the groups to the exam it is editing.
 */
export async function importQuestionSpreadsheet(input: ImportSpreadsheetInput): Promise<SpreadsheetImportResult> {
  const format = detectSpreadsheetFormat(input.content);
  const rows = format === 'xlsx' ? await readXlsx(input.content) : readCsv(input.content);
  return checkQuestionSpreadsheet(rows, { template: input.template, answerInIndex: input.answerInIndex });
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
