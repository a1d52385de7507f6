import { isUtf8 } from 'node:buffer';
import { AppError } from '../../errors.ts';

export type SpreadsheetFormat = 'xlsx' | 'csv';

const ZIP_ENTRY = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_EMPTY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const FORMAT_MESSAGES = {
  empty: 'The file is empty. Choose an Excel workbook (.xlsx) or a CSV file.',
  oldExcel: 'Old Excel files (.xls) cannot be read. Open the file in Excel and save it as "Excel Workbook (.xlsx)" or "CSV UTF-8".',
  utf16: 'The CSV file is saved as UTF-16 ("Unicode text"). Save it as "CSV UTF-8" and upload it again.',
  notUtf8: 'The CSV file is not UTF-8 text (Malayalam would be garbled). Save it as "CSV UTF-8" and upload it again.',
  unknown: 'The file is neither an Excel workbook (.xlsx) nor a CSV file. Choose a .xlsx or .csv file.',
} as const;

/**
 * Decides what an uploaded spreadsheet is from its content, never its name: an XLSX
 * workbook is a zip archive (it starts with "PK"); anything else must be UTF-8 text,
 * which is read as CSV. Refuses the rest with a message saying what to do.
 */
export function detectSpreadsheetFormat(content: Buffer): SpreadsheetFormat {
  if (content.length === 0) throw new AppError('validation', FORMAT_MESSAGES.empty);
  const startsWith = (signature: Buffer) => content.subarray(0, signature.length).equals(signature);
  if (startsWith(ZIP_ENTRY) || startsWith(ZIP_EMPTY)) return 'xlsx';
  if (startsWith(OLE2)) throw new AppError('validation', FORMAT_MESSAGES.oldExcel);
  if ((content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff)) {
    throw new AppError('validation', FORMAT_MESSAGES.utf16);
  }
  if (isUtf8(content)) {
    // Text has no NUL bytes (UTF-16 without a BOM has one in every other byte).
    if (content.includes(0)) throw new AppError('validation', FORMAT_MESSAGES.unknown);
    return 'csv';
  }
  // Mostly plain ASCII with a few other bytes: a CSV in a legacy encoding. Otherwise not text at all.
  throw new AppError('validation', mostlyText(content) ? FORMAT_MESSAGES.notUtf8 : FORMAT_MESSAGES.unknown);
}

function mostlyText(content: Buffer): boolean {
  const sample = content.subarray(0, 64 * 1024);
  let text = 0;
  for (const byte of sample) {
    if ((byte >= 0x20 && byte < 0x7f) || byte === 0x09 || byte === 0x0a || byte === 0x0d) text += 1;
  }
  return text / sample.length >= 0.9;
}
