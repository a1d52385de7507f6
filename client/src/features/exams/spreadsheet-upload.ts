import type { ImportTemplate } from '../../../../shared/exams/exam.constants.ts';
import type { SpreadsheetImportResult } from '../../../../shared/exams/spreadsheet.rules.ts';
import { SPREADSHEET_FIELD } from '../../../../shared/exams/spreadsheet.schema.ts';
import { uploadFiles, type UploadOptions } from '../../lib/upload.ts';

export const SPREADSHEET_UPLOAD_URL = '/api/exams/upload/spreadsheet';

/** The link that downloads a template's sample spreadsheet, its answers written as the chosen mode expects. */
export function sampleSpreadsheetUrl(template: ImportTemplate, answerInIndex: boolean, format: 'xlsx' | 'csv' = 'xlsx'): string {
  const query = new URLSearchParams({ template, answerInIndex: String(answerInIndex) });
  if (format === 'csv') query.set('format', 'csv');
  return `/api/exams/download/sample/spreadsheet?${query}`;
}

export interface SpreadsheetUploadOptions extends Pick<UploadOptions, 'onProgress' | 'signal'> {
  template: ImportTemplate;
  answerInIndex: boolean;
}

function isImportResult(body: unknown): boolean {
  const answer = body as Partial<SpreadsheetImportResult> | null;
  return answer !== null && typeof answer === 'object' && Array.isArray(answer.issues) && Array.isArray(answer.output);
}

/**
 * Sends one spreadsheet in the form field `csv` (the API's name for it), with upload progress.
 * A connection failure says "Network error"; an answer without a message of the server's,
 * or one that is not an import result, says "Unknown error".
 */
export function uploadQuestionSpreadsheet(file: File, options: SpreadsheetUploadOptions): Promise<SpreadsheetImportResult> {
  const { template, answerInIndex, ...transfer } = options;
  const query = new URLSearchParams({ template, answerInIndex: String(answerInIndex) });
  return uploadFiles<SpreadsheetImportResult>(`${SPREADSHEET_UPLOAD_URL}?${query}`, [file], {
    ...transfer,
    fieldName: SPREADSHEET_FIELD,
    fallbackMessage: '',
    isAnswer: isImportResult,
  });
}
