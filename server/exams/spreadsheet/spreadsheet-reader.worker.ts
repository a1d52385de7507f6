/**
 * Worker-thread entry: reads and checks one uploaded spreadsheet off the server's main thread,
 * so a large or crafted file does not hold up other requests. Receives { job: ReaderJob },
 * answers ReaderAnswer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkQuestionSpreadsheet, type SheetRow } from '../../../shared/exams/spreadsheet.rules.ts';
import { AppError } from '../../errors.ts';
import type { ReaderAnswer, ReaderJob } from './reader-thread.ts';

const { job } = workerData as { job: ReaderJob & { content: Uint8Array } };

async function rowsOf(content: Buffer): Promise<SheetRow[]> {
  // Each reader loads only its own library: a CSV thread starts without exceljs.
  if (job.format === 'xlsx') return (await import('./xlsx-rows.ts')).readXlsxInThisThread(content);
  return (await import('./read-csv.ts')).readCsvRows(content);
}

async function answer(): Promise<ReaderAnswer> {
  try {
    const rows = await rowsOf(Buffer.from(job.content.buffer, job.content.byteOffset, job.content.byteLength));
    return { result: checkQuestionSpreadsheet(rows, { template: job.template, answerInIndex: job.answerInIndex }) };
  } catch (error) {
    if (error instanceof AppError) return { refused: { message: error.message, kind: error.kind } };
    throw error;
  }
}

parentPort?.postMessage(await answer());
