import { Worker } from 'node:worker_threads';
import type { FastifyReply } from 'fastify';
import { indiaDateTime } from '../../shared/exports/spreadsheet-cells.ts';
import type { RowCursor } from './cursor-rows.ts';
import { ExportBody } from './export-body.ts';
import { ExportSlots } from './export-slots.ts';
import type { ExportJob, FromExportWorker, ToExportWorker } from './export-messages.ts';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportFile<Row> {
  /** The file's name without its extension and date: "orders" becomes orders-2026-11-27.csv. */
  name: string;
  /** The sheet's title in an XLSX. */
  sheet: string;
  /**
   * The module whose default export is the file's columns (a list of ExportColumn<Row>), e.g.
   * `new URL('./orders-export-columns.ts', import.meta.url)`: the worker writing the file loads it
   * (functions cannot be sent to a thread). Keep it light: it should import nothing but types.
   */
  columns: URL;
  /** The rows: the list's own query (openRowCursor). */
  batches: RowCursor<Row>;
}

/**
 * The export worker's heap: young objects (a batch of rows and its text) are collected in a 4 MB
 * young generation, and the old generation (the loaded code, exceljs's and pg's included) may not
 * pass 48 MB. A worker that would need more fails, and its export with it; the server goes on.
 */
export const EXPORT_WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 48 } as const;

const slots = new ExportSlots();

/** How long a stopped worker has to cancel its statement and close its connection before it is ended. */
const STOP_GRACE_MS = 5_000;

/** A failure the worker reported, with PostgreSQL's code (a statement out of time answers 503). */
class ExportWorkerError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'ExportWorkerError';
    this.code = code;
  }
}

/**
 * Answers an export as a download, streamed. A worker thread reads the rows and writes the file
 * (export-worker.ts) into a few buffers that travel back and forth (export-body.ts), so the server
 * holds nothing of it but those buffers; the worker fills one only when the reply has taken its bytes. A client that leaves
 * stops the worker, which cancels its statement. A query that fails before the first row answers
 * its error (a statement out of time: 503); a failure later ends the download unfinished and is logged.
 */
export async function sendExport<Row>(reply: FastifyReply, format: ExportFormat, file: ExportFile<Row>): Promise<FastifyReply> {
  const actor = await reply.request.actor();
  const gone = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));
  const release = await slots.take(actor?.id ?? reply.request.ip, gone);
  const { sql, parameters, batchRows, connection } = file.batches;
  const job: ExportJob = { sql, parameters, batchRows, connection, format, sheet: file.sheet, columns: file.columns.href };
  let worker: Worker;
  try {
    worker = new Worker(new URL('./export-worker.ts', import.meta.url), { workerData: job, resourceLimits: EXPORT_WORKER_LIMITS });
  } catch (error) {
    release();
    throw error;
  }
  worker.once('exit', release);
  const tell = (message: ToExportWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  let ended = false;
  let ready = false;
  const stop = () => {
    if (ended) return;
    ended = true;
    tell({ type: 'stop' });
    setTimeout(() => void worker.terminate(), STOP_GRACE_MS).unref();
  };
  // Each buffer goes back to the worker once the reply has taken its bytes: the reply's own pace.
  const body = new ExportBody((bytes) => !ended && tell({ type: 'buffer', bytes }, [bytes]));
  body.once('close', stop);
  const failed = (error: Error) => {
    if (ended) return;
    reply.log.error({ err: error }, `export ${file.name}.${format} failed`);
    ended = true;
    body.destroy(error);
  };
  const answer = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromExportWorker) => {
      if (message.type === 'ready') {
        ready = true;
        resolve();
      } else if (message.type === 'chunk') {
        body.addChunk(message.bytes, message.length);
      } else if (message.type === 'end') {
        ended = true;
        body.addEnd();
      } else {
        const error = new ExportWorkerError(message.message, message.code);
        if (ready) failed(error);
        else reject(error);
      }
    });
    // The worker itself failed (out of its memory, say): the export with it.
    worker.on('error', (error) => (ready ? failed(error) : reject(error)));
    worker.on('exit', () =>
      ready ? !ended && failed(new Error('The export stopped before its end')) : reject(new Error('The export stopped before its first row')),
    );
  });
  // The client leaving before the first row stops the worker too.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) stop();
  });
  try {
    await answer;
  } catch (error) {
    ended = true;
    void worker.terminate();
    throw error;
  }
  const date = indiaDateTime(new Date())!.slice(0, 10);
  return reply
    .type(format === 'csv' ? `${EXPORT_MEDIA_TYPES.csv}; charset=utf-8` : EXPORT_MEDIA_TYPES.xlsx)
    .header('content-disposition', `attachment; filename="${file.name}-${date}.${format}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
