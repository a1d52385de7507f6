import ExcelJS from 'exceljs';
import type { SheetRow } from '../../../shared/exams/spreadsheet.rules.ts';
import { AppError } from '../../errors.ts';

/**
 * The most an XLSX file may hold once unpacked. A workbook is compressed XML: a few MB can
 * unpack to far more, and the reader keeps all of it in memory. A real question bank of
 * 5,000 rows unpacks to a small fraction of this.
 */
export const MAX_XLSX_UNPACKED_MB = 100;

export const XLSX_MESSAGES = {
  damaged: 'The Excel file could not be read: it is damaged or not an .xlsx workbook. Open it in Excel, save it again as "Excel Workbook (.xlsx)" and upload it again.',
  notWorkbook: 'The file is a zip archive, not an Excel workbook (.xlsx). Choose a .xlsx or .csv file.',
  openDocument: 'OpenDocument spreadsheets (.ods) cannot be read. Save the file as "Excel 2007-365 (.xlsx)" or as CSV in UTF-8 and upload it again.',
  noSheet: 'The Excel workbook has no worksheet. Put the questions on its first sheet.',
  tooLarge: `The Excel workbook is too large: unpacked it holds more than ${MAX_XLSX_UNPACKED_MB} MB. Split the questions into smaller files.`,
  tooHeavy: 'The Excel workbook needs too much memory or time to read. Split the questions into smaller files, or save them as CSV UTF-8.',
} as const;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

export interface ZipDirectory {
  /** The entries' names, e.g. xl/workbook.xml. */
  names: string[];
  /** The unpacked size the archive declares for all its entries together. */
  unpackedBytes: number;
}

/**
 * The central directory of a zip archive (names and declared unpacked sizes), or undefined
 * when the archive has no readable directory (it is damaged or cut short). Read before
 * unpacking anything, so a file that would unpack to gigabytes is refused at once.
 */
export function zipDirectory(zip: Buffer): ZipDirectory | undefined {
  // The end record is the last 22 bytes, followed by a comment of up to 65,535 bytes.
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at -= 1) {
    if (zip.readUInt32LE(at) !== END_OF_CENTRAL_DIRECTORY) continue;
    const entries = zip.readUInt16LE(at + 10);
    let position = zip.readUInt32LE(at + 16);
    const names: string[] = [];
    let unpackedBytes = 0;
    for (let entry = 0; entry < entries; entry += 1) {
      if (position + 46 > zip.length || zip.readUInt32LE(position) !== CENTRAL_DIRECTORY_ENTRY) return undefined;
      const nameLength = zip.readUInt16LE(position + 28);
      unpackedBytes += zip.readUInt32LE(position + 24);
      names.push(zip.toString('utf8', position + 46, position + 46 + nameLength));
      position += 46 + nameLength + zip.readUInt16LE(position + 30) + zip.readUInt16LE(position + 32);
    }
    return { names, unpackedBytes };
  }
  return undefined;
}

function isoDate(date: Date): string {
  const iso = date.toISOString();
  // Dates typed into a cell have no time of day; keep the time only when there is one.
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
}

/** A cell's value as the text a person sees: rich text joined, a formula's last result, numbers as written. */
export function cellValueText(value: ExcelJS.CellValue | ExcelJS.CellRichTextValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoDate(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellValueText(value.result);
  if ('hyperlink' in value) return cellValueText(value.text as ExcelJS.CellValue);
  if ('error' in value) return value.error;
  return '';
}

/**
 * Refuses, from the zip directory alone, what is not an XLSX workbook or would unpack to
 * too much. Cheap: the server calls it before starting a reader thread.
 */
export function checkXlsxArchive(content: Buffer): void {
  const directory = zipDirectory(content);
  if (!directory) throw new AppError('validation', XLSX_MESSAGES.damaged);
  if (!directory.names.includes('xl/workbook.xml')) {
    const openDocument = directory.names.includes('mimetype') && directory.names.includes('content.xml');
    throw new AppError('validation', openDocument ? XLSX_MESSAGES.openDocument : XLSX_MESSAGES.notWorkbook);
  }
  if (directory.unpackedBytes > MAX_XLSX_UNPACKED_MB * 1024 * 1024) {
    throw new AppError('validation', XLSX_MESSAGES.tooLarge, { statusCode: 413 });
  }
}

/**
 * Reads the first worksheet of an XLSX workbook into rows numbered as Excel shows them.
 * Shared strings, inline strings, rich text, numbers, dates and formula results are read as
 * text; a merged cell gives its value to every row it spans. CPU-heavy: the server runs it
 * in a worker thread (readXlsx in read-xlsx.ts).
 */
export async function readXlsxInThisThread(content: Buffer): Promise<SheetRow[]> {
  checkXlsxArchive(content);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer type; a Node Buffer is what it reads.
    await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError('validation', XLSX_MESSAGES.damaged);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('validation', XLSX_MESSAGES.noSheet);
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(cellValueText(row.getCell(column).value));
    rows.push({ row: rowNumber, cells });
  });
  return rows;
}
