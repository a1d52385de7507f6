import { Worker } from 'node:worker_threads';
import type { ImportTemplate } from '../../../shared/exams/exam.constants.ts';
import type { SpreadsheetImportResult } from '../../../shared/exams/spreadsheet.rules.ts';
import { AppError } from '../../errors.ts';
import type { ErrorKind } from '../../../shared/http/errors.ts';
import { CSV_MESSAGES } from './read-csv.ts';
import type { SpreadsheetFormat } from './spreadsheet-format.ts';
import { XLSX_MESSAGES } from './xlsx-rows.ts';

/** One uploaded spreadsheet to read and check, with how to read it. */
export interface ReaderJob {
  format: SpreadsheetFormat;
  content: Buffer;
  template: ImportTemplate;
  answerInIndex: boolean;
}

/** What the reader thread answers: the checked spreadsheet, or why the file was refused. */
export type ReaderAnswer = { result: SpreadsheetImportResult } | { refused: { message: string; kind: ErrorKind } };

const READER = new URL('./spreadsheet-reader.worker.ts', import.meta.url);
/** Heap of one reader thread; a file needing more is refused as too large instead of taking the server down. */
const READER_HEAP_MB = 768;
const READER_TIMEOUT_MS = 60_000;
/** Spreadsheets read at once by one server process; more wait their turn. */
const MAX_READERS = 2;

/** What the person is told when the thread runs out of memory or time, or stops without an answer. */
const FAILURE_MESSAGES: Record<SpreadsheetFormat, { tooHeavy: string; unreadable: string }> = {
  xlsx: { tooHeavy: XLSX_MESSAGES.tooHeavy, unreadable: XLSX_MESSAGES.damaged },
  csv: CSV_MESSAGES,
};

let running = 0;
const waiting: Array<() => void> = [];

async function withReaderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_READERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export interface ReaderLimits {
  heapMb: number;
  timeoutMs: number;
}

export interface ReaderOptions {
  limits?: ReaderLimits;
  /** Told when the thread failed in a way no file should cause (the person is answered 400 all the same). */
  onUnexpectedFailure?: (error: Error) => void;
}

const DEFAULT_LIMITS: ReaderLimits = { heapMb: READER_HEAP_MB, timeoutMs: READER_TIMEOUT_MS };

function readInWorker(job: ReaderJob, limits: ReaderLimits, onUnexpectedFailure: (error: Error) => void): Promise<SpreadsheetImportResult> {
  const messages = FAILURE_MESSAGES[job.format];
  const tooHeavy = () => new AppError('too-large', messages.tooHeavy);
  const unreadable = (error: Error) => {
    onUnexpectedFailure(error);
    return new AppError('validation', messages.unreadable);
  };
  return new Promise<SpreadsheetImportResult>((resolve, reject) => {
    const worker = new Worker(READER, {
      workerData: { job },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      // Ending the thread frees everything it unpacked; the main thread only ever holds the answer.
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(tooHeavy())), limits.timeoutMs);
    worker.once('message', (answer: ReaderAnswer) =>
      settle(() => ('result' in answer ? resolve(answer.result) : reject(new AppError(answer.refused.kind, answer.refused.message)))),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooHeavy() : unreadable(error))),
    );
    worker.once('exit', (code) => settle(() => reject(unreadable(new Error(`The spreadsheet reader thread stopped with exit code ${code} before answering`)))));
  });
}

/**
 * Reads and checks an uploaded spreadsheet in a worker thread, so that a large or crafted file
 * never holds up the server's other requests, and everything the thread unpacked is freed when
 * it ends. The thread has a memory cap and a time limit: past either, or when it dies, the file is
 * refused with a 4xx saying so.
 */
export async function checkSpreadsheetInReaderThread(job: ReaderJob, options: ReaderOptions = {}): Promise<SpreadsheetImportResult> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const onUnexpectedFailure = options.onUnexpectedFailure ?? (() => undefined);
  return withReaderSlot(() => readInWorker(job, limits, onUnexpectedFailure));
}
