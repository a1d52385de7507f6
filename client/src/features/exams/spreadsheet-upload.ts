import type { ImportTemplate } from '../../../../shared/exams/exam.constants.ts';
import type { SpreadsheetImportResult } from '../../../../shared/exams/spreadsheet.rules.ts';
import { SPREADSHEET_FIELD } from '../../../../shared/exams/spreadsheet.schema.ts';
import { UploadError } from '../../lib/upload.ts';

export const SPREADSHEET_UPLOAD_URL = '/api/exams/upload/spreadsheet';

/** The link that downloads a template's sample spreadsheet, its answers written as the chosen mode expects. */
export function sampleSpreadsheetUrl(template: ImportTemplate, answerInIndex: boolean, format: 'xlsx' | 'csv' = 'xlsx'): string {
  const query = new URLSearchParams({ template, answerInIndex: String(answerInIndex) });
  if (format === 'csv') query.set('format', 'csv');
  return `/api/exams/download/sample/spreadsheet?${query}`;
}

export interface SpreadsheetUploadOptions {
  template: ImportTemplate;
  answerInIndex: boolean;
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function errorOf(body: unknown, status: number): UploadError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' ? record.message : '';
  const warnings = Array.isArray(record.warnings) ? record.warnings.filter((w): w is string => typeof w === 'string') : undefined;
  // Without a message of the server's the console's error rule shows "Unknown error".
  return new UploadError(message, status, { type: typeof record.type === 'string' ? record.type : undefined, warnings });
}

/**
 * Sends one spreadsheet in the form field `csv` (the API's name for it) with XMLHttpRequest,
 * which reports upload progress. A connection failure rejects with a TypeError, so the error
 * rule says "Network error"; an answer without a message says "Unknown error".
 */
export function uploadQuestionSpreadsheet(file: File, options: SpreadsheetUploadOptions): Promise<SpreadsheetImportResult> {
  const { template, answerInIndex, onProgress, signal } = options;
  return new Promise<SpreadsheetImportResult>((resolve, reject) => {
    const form = new FormData();
    form.append(SPREADSHEET_FIELD, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${SPREADSHEET_UPLOAD_URL}?${new URLSearchParams({ template, answerInIndex: String(answerInIndex) })}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      const answer = body as Partial<SpreadsheetImportResult> | null;
      if (xhr.status >= 200 && xhr.status < 300 && answer && Array.isArray(answer.issues) && Array.isArray(answer.output)) {
        onProgress?.(100);
        resolve(answer as SpreadsheetImportResult);
      } else {
        reject(errorOf(body, xhr.status));
      }
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
