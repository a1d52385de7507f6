import type { ExportConnection } from './cursor-rows.ts';

/** What the export worker is started with: the compiled query, its connection, the file to write. */
export interface ExportJob {
  sql: string;
  parameters: readonly unknown[];
  batchRows: number;
  connection: ExportConnection;
  format: 'csv' | 'xlsx';
  sheet: string;
  /** The URL of the module whose default export is the file's columns. */
  columns: string;
}

/** The buffers an export's bytes travel in, moved (not copied) between the worker and the main thread and used again. */
export const EXPORT_CHUNK_BUFFERS = 4;
export const EXPORT_CHUNK_BYTES = 64 * 1024;

/** From the worker: the query is declared; a chunk of the file (`length` bytes at the start of one of the buffers); the file is complete; a failure. */
export type FromExportWorker =
  { type: 'ready' } | { type: 'chunk'; bytes: ArrayBuffer; length: number } | { type: 'end' } | { type: 'error'; message: string; code?: string };

/** To the worker: a buffer whose bytes the reply has taken (fill it again), or the client left (stop, cancelling the statement). */
export type ToExportWorker = { type: 'buffer'; bytes: ArrayBuffer } | { type: 'stop' };
