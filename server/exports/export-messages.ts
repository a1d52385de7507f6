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

/** From the worker: the query is declared; a chunk of the file (its bytes moved, not copied); the file is complete; a failure. */
export type FromExportWorker = { type: 'ready' } | { type: 'chunk'; bytes: ArrayBuffer } | { type: 'end' } | { type: 'error'; message: string; code?: string };

/** To the worker: the last chunk was taken (write the next), or the client left (stop, cancelling the statement). */
export type ToExportWorker = 'ack' | 'stop';
