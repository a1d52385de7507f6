import ExcelJS from 'exceljs';
import type { SheetRow } from '../../../shared/exams/spreadsheet.rules.ts';
import { AppError } from '../../errors.ts';
import { keepFilledRow } from './row-limit.ts';
import { checkUnpackedSizes, zipDirectory, type ZipDirectory } from './zip-archive.ts';

/**
 * The most an XLSX file may hold once unpacked, in all and in one part (a sheet, its shared
 * texts). A workbook is compressed XML: a few MB can unpack to far more, and the reader keeps
 * all of it in memory. A 5,000-question workbook with long Malayalam questions and solutions
 * unpacks to about 14 MB, nearly all of it in one part (the shared texts).
 */
export const MAX_XLSX_UNPACKED_MB = 100;
export const MAX_XLSX_PART_MB = 64;

export const XLSX_MESSAGES = {
  damaged:
    'The Excel file could not be read: it is damaged or not an .xlsx workbook. Open it in Excel, save it again as "Excel Workbook (.xlsx)" and upload it again.',
  notWorkbook: 'The file is a zip archive, not an Excel workbook (.xlsx). Choose a .xlsx or .csv file.',
  openDocument: 'OpenDocument spreadsheets (.ods) cannot be read. Save the file as "Excel 2007-365 (.xlsx)" or as CSV in UTF-8 and upload it again.',
  noSheet: 'The Excel workbook has no worksheet. Put the questions on its first sheet.',
  tooLarge: `The Excel workbook is too large: unpacked it holds more than ${MAX_XLSX_UNPACKED_MB} MB. Split the questions into smaller files.`,
  partTooLarge: `The Excel workbook is too large: unpacked, one of its parts (a sheet or its texts) holds more than ${MAX_XLSX_PART_MB} MB. Split the questions into smaller files.`,
  tooHeavy: 'The Excel workbook needs too much memory or time to read. Split the questions into smaller files, or save them as CSV UTF-8.',
} as const;

const UNPACK_LIMITS = { entryBytes: MAX_XLSX_PART_MB * 1024 * 1024, totalBytes: MAX_XLSX_UNPACKED_MB * 1024 * 1024 };

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
 * Refuses, from the zip directory alone, what is not an XLSX workbook or declares more than it
 * may unpack to. Cheap: the server calls it before starting a reader thread.
 */
export function checkXlsxArchive(content: Buffer): ZipDirectory {
  const directory = zipDirectory(content);
  if (!directory) throw new AppError('validation', XLSX_MESSAGES.damaged);
  if (!directory.names.includes('xl/workbook.xml')) {
    const openDocument = directory.names.includes('mimetype') && directory.names.includes('content.xml');
    throw new AppError('validation', openDocument ? XLSX_MESSAGES.openDocument : XLSX_MESSAGES.notWorkbook);
  }
  if (directory.unpackedBytes > UNPACK_LIMITS.totalBytes) throw new AppError('too-large', XLSX_MESSAGES.tooLarge);
  if (directory.entries.some((entry) => entry.unpackedSize > UNPACK_LIMITS.entryBytes)) {
    throw new AppError('too-large', XLSX_MESSAGES.partTooLarge);
  }
  return directory;
}

/**
 * Unpacks the workbook once without keeping it, counting the bytes that come out, and refuses
 * it at the first part or total past the limits: the sizes its zip headers declare may be
 * understated, and the reader below would unpack every part whole into memory before noticing.
 */
async function checkUnpackedXlsx(content: Buffer, directory: ZipDirectory): Promise<void> {
  const check = await checkUnpackedSizes(content, directory, UNPACK_LIMITS);
  if (check.outcome === 'too-large') throw new AppError('too-large', XLSX_MESSAGES.tooLarge);
  if (check.outcome === 'entry-too-large') throw new AppError('too-large', XLSX_MESSAGES.partTooLarge);
  if (check.outcome === 'damaged') throw new AppError('validation', XLSX_MESSAGES.damaged);
}

/**
 * Reads the first worksheet of an XLSX workbook into the rows that hold something, numbered as
 * Excel shows them. Shared strings, inline strings, rich text, numbers, dates and formula
 * results are read as text; a merged cell gives its value to every row it spans. Refuses a
 * workbook that unpacks to too much before reading it, and one with more rows than an exam can
 * hold. CPU-heavy: the server runs it in a reader thread (reader-thread.ts).
 */
export async function readXlsxInThisThread(content: Buffer): Promise<SheetRow[]> {
  await checkUnpackedXlsx(content, checkXlsxArchive(content));
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
    keepFilledRow(rows, { row: rowNumber, cells });
  });
  return rows;
}
