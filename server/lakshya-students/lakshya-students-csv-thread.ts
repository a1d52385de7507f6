import { Worker } from 'node:worker_threads';
import type { ImportedStudent, ImportIssue } from '../../shared/lakshya-students/lakshya-students.rules.ts';
import { AppError } from '../errors.ts';
import type { ErrorKind } from '../../shared/http/errors.ts';

const READER = new URL('./lakshya-students-csv.worker.ts', import.meta.url);
const HEAP_MB = 512;
const TIMEOUT_MS = 60_000;
export const STUDENTS_CSV_MESSAGES = {
  tooHeavy: 'The file needs too much memory or time to read: split it into smaller files.',
  unreadable: 'The file could not be read. Open it in Excel, save it again as "CSV UTF-8" and upload it again.',
} as const;

type Answer = { result: { students: ImportedStudent[]; issues: ImportIssue[] } } | { refused: { message: string; kind: ErrorKind; field?: string } };

/**
 * Reads and checks a lakshya-students CSV in a worker thread with a memory cap and a time limit,
 * so that a 100,000-row file (or a crafted one) never holds up other requests; past either limit,
 * or when the thread dies, the file is refused with a 4xx saying so.
 */
export function readStudentsCsv(content: Buffer): Promise<{ students: ImportedStudent[]; issues: ImportIssue[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(READER, { workerData: { content }, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const tooHeavy = () => new AppError('too-large', STUDENTS_CSV_MESSAGES.tooHeavy);
    const timer = setTimeout(() => settle(() => reject(tooHeavy())), TIMEOUT_MS);
    worker.once('message', (answer: Answer) =>
      settle(() => {
        if ('result' in answer) {
          resolve(answer.result);
        } else {
          const { message, kind, field } = answer.refused;
          reject(new AppError(kind, message, field ? { field } : {}));
        }
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooHeavy() : new AppError('validation', STUDENTS_CSV_MESSAGES.unreadable))),
    );
    worker.once('exit', () => settle(() => reject(new AppError('validation', STUDENTS_CSV_MESSAGES.unreadable))));
  });
}
