import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { cellOf, CSV_BOM, csvHeadingOf, csvRecordOf, type ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import '../db/type-parsers.ts';
import { EXPORT_CHUNK_BUFFERS, EXPORT_CHUNK_BYTES, type ExportJob, type FromExportWorker, type ToExportWorker } from './export-messages.ts';

/**
 * The thread that writes one export: it reads the list's rows through a cursor on a connection of
 * its own and writes the CSV or XLSX into a few buffers of its own, each moved to the main thread
 * when filled and moved back once the reply has taken its bytes; with none free it waits (the
 * reply's own pace). Its heap is small and bounded (see
 * export-reply.ts): the garbage of a million rows is collected here, not in the server's heap.
 */
const job = workerData as ExportJob;
const port = parentPort!;
const post = (message: FromExportWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let stopped = false;
/** The buffers here now (the others are on the main thread); whoever waits for one. */
const free: ArrayBuffer[] = Array.from({ length: EXPORT_CHUNK_BUFFERS }, () => new ArrayBuffer(EXPORT_CHUNK_BYTES));
let waitingForBuffer: ((bytes: ArrayBuffer) => void) | undefined;
const client = new pg.Client({ ...job.connection, application_name: 'psc-export' });

port.on('message', (message: ToExportWorker) => {
  if (message.type === 'buffer') {
    const waiter = waitingForBuffer;
    waitingForBuffer = undefined;
    if (waiter) waiter(message.bytes);
    else free.push(message.bytes);
  } else {
    stopped = true;
    out.destroy();
    void cancelRunning();
  }
});

function freeBuffer(): Promise<ArrayBuffer> | ArrayBuffer {
  return free.pop() ?? new Promise((resolve) => (waitingForBuffer = resolve));
}

/** Copies what was written into free buffers, each moved to the main thread once filled (the last when the writes run out). */
async function sendChunks(chunks: readonly Buffer[]): Promise<void> {
  let bytes = await freeBuffer();
  let length = 0;
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.byteLength;) {
      if (length === EXPORT_CHUNK_BYTES) {
        post({ type: 'chunk', bytes, length }, [bytes]);
        bytes = await freeBuffer();
        length = 0;
      }
      const taken = Math.min(EXPORT_CHUNK_BYTES - length, chunk.byteLength - at);
      new Uint8Array(bytes, length, taken).set(chunk.subarray(at, at + taken));
      length += taken;
      at += taken;
    }
  }
  if (length > 0) post({ type: 'chunk', bytes, length }, [bytes]);
  else free.push(bytes);
}

/** The file's bytes, to the main thread: what was written while no buffer was free goes in the next ones together. */
const out = new Writable({
  writev(chunks, callback) {
    sendChunks(chunks.map(({ chunk }) => chunk as Buffer)).then(() => callback(), callback);
  },
});

/** The client left: the statement running (a fetch of the next rows) is cancelled, from a connection of its own. */
async function cancelRunning(): Promise<void> {
  const pid = (client as unknown as { processID?: number }).processID;
  if (!pid) return;
  const canceller = new pg.Client({ ...job.connection, application_name: 'psc-export-cancel' });
  try {
    await canceller.connect();
    await canceller.query('select pg_cancel_backend($1)', [pid]);
  } catch {
    // The connection closes when this thread ends: the statement stops then at the latest.
  } finally {
    await canceller.end().catch(() => undefined);
  }
}

/** Until the main thread has taken what was written (or the export stopped); its listeners removed after. */
function drained(): Promise<void> {
  // Stopped already (the client left while the rows were read): nothing will be taken.
  if (out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Writes to the main thread, waiting while the reply has enough to send. */
async function write(text: string | Buffer): Promise<void> {
  if (!out.write(text)) await drained();
}

async function* batches(): AsyncGenerator<Record<string, unknown>[]> {
  while (!stopped) {
    const { rows } = await client.query(`fetch forward ${job.batchRows} from export_rows`);
    if (rows.length === 0) return;
    yield rows;
  }
}

async function writeCsv(columns: ReadonlyArray<ExportColumn<Record<string, unknown>>>): Promise<void> {
  await write(CSV_BOM + csvHeadingOf(columns));
  for await (const rows of batches()) {
    let text = '';
    for (const row of rows) text += csvRecordOf(columns, row);
    await write(text);
  }
}

/** What an XLSX may hold between its rows and the reply before the worker waits. */
const XLSX_BACKLOG_BYTES = 1024 * 1024;
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

// archiver's streams come from the readable-stream package, which has no readableLength: its states say.
type Buffered = { _readableState?: { length?: number }; _writableState?: { length?: number } };
const bufferedIn = (stream: Buffered | undefined) => (stream?._readableState?.length ?? 0) + (stream?._writableState?.length ?? 0);

/**
 * The bytes queued between the sheet's rows and the reply: in the streams the sheet's text is piped
 * to, in the zip's output, and in the stream to the main thread (exceljs's internals, read defensively).
 */
function xlsxBacklog(workbook: unknown, sheet: unknown): number {
  const pipes = (sheet as { _stream?: { pipes?: Buffered[] } })._stream?.pipes ?? [];
  return pipes.reduce((sum, pipe) => sum + bufferedIn(pipe), 0) + bufferedIn((workbook as { zip?: Buffered }).zip) + out.writableLength;
}

/** exceljs's streaming writer: each row is committed (written out and let go) as it is added. Loaded only for an XLSX. */
async function writeXlsx(columns: ReadonlyArray<ExportColumn<Record<string, unknown>>>): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(job.sheet);
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.kind === 'date' ? 20 : column.kind === 'text' ? 28 : 12,
    ...(column.kind === 'money' ? { style: { numFmt: '0.00' } } : {}),
  }));
  for await (const rows of batches()) {
    for (const row of rows) sheet.addRow(columns.map((column) => cellOf(column, row))).commit();
    // exceljs hands the sheet's bytes on to the zip without waiting: wait here until what is queued
    // between the rows and the reply is small again, or it would grow as fast as rows are read.
    while (!stopped && xlsxBacklog(workbook, sheet) > XLSX_BACKLOG_BYTES) await (out.writableNeedDrain ? drained() : pause());
  }
  if (stopped) return;
  sheet.commit();
  await workbook.commit();
}

async function run(): Promise<void> {
  const columns = ((await import(job.columns)) as { default: ReadonlyArray<ExportColumn<Record<string, unknown>>> }).default;
  if (!Array.isArray(columns)) throw new Error(`${job.columns} has no list of columns as its default export`);
  await client.connect();
  await client.query('begin read only');
  await client.query(`declare export_rows no scroll cursor for ${job.sql}`, job.parameters as unknown[]);
  // The query is checked (declared): the main thread answers the file now, or the failure if this threw.
  post({ type: 'ready' });
  await (job.format === 'csv' ? writeCsv(columns) : writeXlsx(columns));
  if (stopped) return;
  // exceljs ends the stream itself; a CSV is ended here. Either way the last chunk is taken first.
  if (!out.writableEnded) out.end();
  await finished(out);
  await client.query('commit');
  post({ type: 'end' });
}

run()
  .catch((error: unknown) => {
    // A stopped export's cancelled statement is no failure: nobody is waiting for the file.
    if (stopped) return;
    const { message, code } = error as { message?: string; code?: string };
    post({ type: 'error', message: message ?? String(error), ...(code ? { code } : {}) });
  })
  .finally(() => {
    // Ending the connection ends the cursor's transaction (rolled back, unless committed above).
    void client.end().catch(() => undefined);
    port.close();
  });
