import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { cellOf, CSV_BOM, csvHeadingOf, csvRecordOf, indiaDateTime, type ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';

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
  columns: ReadonlyArray<ExportColumn<Row>>;
  batches: AsyncGenerator<Row[]>;
}

/** A CSV: the UTF-8 byte order mark and the heading, then a chunk per batch, each read only when the reply wants more. */
async function* csvChunks<Row>({ columns, batches }: ExportFile<Row>): AsyncGenerator<Buffer> {
  yield Buffer.from(CSV_BOM + csvHeadingOf(columns));
  for await (const rows of batches) {
    let text = '';
    for (const row of rows) text += csvRecordOf(columns, row);
    yield Buffer.from(text);
  }
}

/**
 * An XLSX written by exceljs's streaming writer: each batch's rows are committed (written out and
 * let go), and the next batch waits until the reply has taken what was written.
 */
function xlsxStream<Row>({ sheet: title, columns, batches }: ExportFile<Row>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(title);
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.kind === 'date' ? 20 : column.kind === 'text' ? 28 : 12,
    ...(column.kind === 'money' ? { style: { numFmt: '0.00' } } : {}),
  }));
  const write = async () => {
    for await (const rows of batches) {
      if (out.destroyed) return;
      for (const row of rows) sheet.addRow(columns.map((column) => cellOf(column, row))).commit();
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  // A reply that ends early (the client left) stops the rows: the cursor's transaction ends.
  out.on('close', () => void batches.return(undefined));
  return out;
}

/**
 * Answers an export as a download, streamed: the rows go from the cursor to the client as fast as
 * the client takes them, with nothing but a batch held in memory.
 */
export function sendExport<Row>(reply: FastifyReply, format: ExportFormat, file: ExportFile<Row>): FastifyReply {
  const date = indiaDateTime(new Date())!.slice(0, 10);
  const body = format === 'csv' ? Readable.from(csvChunks(file), { objectMode: false }) : xlsxStream(file);
  return reply
    .type(format === 'csv' ? `${EXPORT_MEDIA_TYPES.csv}; charset=utf-8` : EXPORT_MEDIA_TYPES.xlsx)
    .header('content-disposition', `attachment; filename="${file.name}-${date}.${format}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
