/**
 * Worker-thread entry: reads one XLSX workbook off the server's main thread, so a large
 * workbook does not hold up other requests. Receives { content }, answers XlsxReaderAnswer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import type { XlsxReaderAnswer } from './read-xlsx.ts';
import { readXlsxInThisThread } from './xlsx-rows.ts';

const { content } = workerData as { content: Uint8Array };

async function answer(): Promise<XlsxReaderAnswer> {
  try {
    const rows = await readXlsxInThisThread(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
    return { rows };
  } catch (error) {
    if (error instanceof AppError) return { refused: { message: error.message, statusCode: error.statusCode } };
    throw error;
  }
}

parentPort?.postMessage(await answer());
