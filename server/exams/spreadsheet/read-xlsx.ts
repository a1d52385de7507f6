import { Worker } from 'node:worker_threads';
import type { SheetRow } from '../../../shared/exams/spreadsheet.rules.ts';
import { AppError } from '../../errors.ts';
import { checkXlsxArchive, XLSX_MESSAGES } from './xlsx-rows.ts';

/** What the reader thread answers: the rows, or why the file was refused. */
export type XlsxReaderAnswer = { rows: SheetRow[] } | { refused: { message: string; statusCode: number } };

const READER = new URL('./xlsx-reader.worker.ts', import.meta.url);
/** Heap of one reader thread; a workbook needing more is refused as too large instead of taking the server down. */
const READER_HEAP_MB = 768;
const READER_TIMEOUT_MS = 60_000;
/** Workbooks read at once by one server process; more wait their turn. */
const MAX_READERS = 2;

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

const DEFAULT_LIMITS: ReaderLimits = { heapMb: READER_HEAP_MB, timeoutMs: READER_TIMEOUT_MS };

function readInWorker(content: Buffer, limits: ReaderLimits): Promise<SheetRow[]> {
  return new Promise<SheetRow[]>((resolve, reject) => {
    const worker = new Worker(READER, {
      workerData: { content },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new AppError('validation', XLSX_MESSAGES.tooHeavy, { statusCode: 413 }))),
      limits.timeoutMs,
    );
    worker.once('message', (answer: XlsxReaderAnswer) =>
      settle(() =>
        'rows' in answer
          ? resolve(answer.rows)
          : reject(new AppError('validation', answer.refused.message, { statusCode: answer.refused.statusCode })),
      ),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('validation', XLSX_MESSAGES.tooHeavy, { statusCode: 413 }) : error),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`The XLSX reader stopped with exit code ${code} before answering`))));
  });
}

/** Reads the first worksheet of an XLSX workbook (see readXlsxInThisThread) in a worker thread. */
export async function readXlsx(content: Buffer, limits: ReaderLimits = DEFAULT_LIMITS): Promise<SheetRow[]> {
  checkXlsxArchive(content);
  return withReaderSlot(() => readInWorker(content, limits));
}
