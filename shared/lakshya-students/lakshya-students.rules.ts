import { hasVisibleText } from '../validation/fields.ts';
import { plainName } from '../validation/plain-text.ts';
import { indianMobile, PHONE_MESSAGE } from '../validation/phone.rules.ts';

export const LAKSHYA_STUDENT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'The name can be at most 200 characters long',
  phone: PHONE_MESSAGE,
  dateInvalid: 'Write the expiry date as YYYY-MM-DD (or DD/MM/YYYY), or leave it empty',
  phoneTaken: (phone: string) => `${phone} is already on the list`,
  phoneRepeated: (phone: string, firstRow: number) => `${phone} is repeated: it is also in row ${firstRow}`,
  notFound: 'Student not found',
  nothingSelected: 'Choose the students to delete',
  headerMissing: 'The first row must name the columns: name, phoneNumber and expiryDate (expiryDate may be left out)',
  noRows: 'The file has no students under its header row',
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-IN')} students: split it into smaller files`,
  tooManyEmptyRows: (max: number) => `The file has more than ${max.toLocaleString('en-IN')} empty rows: delete the empty rows and upload it again`,
  notText:
    'The file is not saved as UTF-8 or UTF-16 text (it may be in Windows-1252 or another older encoding, which would garble names). In Excel choose Save As, "CSV UTF-8 (Comma delimited)", and upload that file.',
  processFailed: 'Process failed, you may need to resolve below warnings before retrying',
  importCancelled: 'We have found few issues with the content you are trying to import. Please resolve these warnings and try again.',
} as const;

/** The most students one file may hold. */
export const MAX_IMPORT_ROWS = 100_000;
/** The largest import file: 100,000 rows of name, number and date fit well within it. */
export const MAX_IMPORT_FILE_BYTES = 16 * 1024 * 1024;

export const IMPORT_FILE_MESSAGES = {
  notCsv: 'Choose a CSV file (a name ending in .csv)',
  tooLarge: `The file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB`,
  empty: 'The file is empty',
} as const;

/** Why a chosen file cannot be imported, before it is sent (the server checks the same again); undefined when it may go. */
export function importFileProblem(file: { name: string; size: number }): string | undefined {
  if (!/\.csv$/i.test(file.name.trim())) return IMPORT_FILE_MESSAGES.notCsv;
  if (file.size === 0) return IMPORT_FILE_MESSAGES.empty;
  if (file.size > MAX_IMPORT_FILE_BYTES) return IMPORT_FILE_MESSAGES.tooLarge;
  return undefined;
}

/** One refused row of an import, as staff read it: "Row 3, column phoneNumber: …". */
export function importIssueText(issue: { row: number; column: string; message: string }): string {
  return issue.column === 'header' ? `Row ${issue.row} (the header row): ${issue.message}` : `Row ${issue.row}, column ${issue.column}: ${issue.message}`;
}
/**
 * The most empty rows one file may hold, wherever they are: enough for a sheet exported with some
 * formatted but empty rows, and few enough that a file of nothing but line breaks is refused in a
 * moment instead of being read to its end.
 */
export const MAX_EMPTY_IMPORT_ROWS = 10_000;
/** The longest name on the list (the table allows 200 characters). */
export const MAX_NAME_LENGTH = 200;

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];
const startsWith = (bytes: Uint8Array, mark: readonly number[]) => mark.every((byte, at) => bytes[at] === byte);

/**
 * The text of a CSV file: UTF-8 (with or without its byte-order mark), or UTF-16 with its mark.
 * Undefined for anything else: bytes that are not valid UTF-8 (Windows-1252 or Latin-1, as older
 * Excel saves a CSV) would otherwise become garbled names, and a NUL character means UTF-16 without
 * its mark or a file that is not text at all.
 */
export function csvTextOf(bytes: Uint8Array): string | undefined {
  const [encoding, markLength]: [string, number] = startsWith(bytes, UTF16LE_BOM)
    ? ['utf-16le', 2]
    : startsWith(bytes, UTF16BE_BOM)
      ? ['utf-16be', 2]
      : ['utf-8', startsWith(bytes, UTF8_BOM) ? 3 : 0];
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(markLength));
  } catch {
    return undefined;
  }
  return text.includes('\u0000') ? undefined : text;
}

/** Issues listed for one file: enough to fix it, not so many that the answer grows with the file. */
export const MAX_IMPORT_ISSUES = 200;

/**
 * A calendar date typed as YYYY-MM-DD, DD/MM/YYYY or DD-MM-YYYY, as YYYY-MM-DD; null for blank;
 * undefined when it is not a real date.
 */
export function expiryDateOf(text: string): string | null | undefined {
  const typed = text.trim();
  if (typed === '') return null;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  let [year, month, day] = match ? [match[1], match[2], match[3]] : [];
  if (!match) {
    match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(typed);
    if (!match) return undefined;
    [day, month, year] = [match[1], match[2], match[3]];
  }
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 2000 || y > 2200 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface StudentRowInput {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  cells: readonly string[];
}

export interface ImportedStudent {
  row: number;
  name: string;
  phoneNumber: string;
  expiryDate: string | null;
}

export interface ImportIssue {
  row: number;
  column: string;
  message: string;
}

const HEADERS = {
  name: ['name', 'student name'],
  phoneNumber: ['phonenumber', 'phone number', 'phone', 'mobile', 'mobile number'],
  expiryDate: ['expirydate', 'expiry date', 'expiry'],
} as const;

function columnIndex(header: readonly string[], names: readonly string[]): number {
  return header.findIndex((cell) => names.includes(cell.trim().toLowerCase()));
}

/**
 * Checks every row of a lakshya-students file (the first row names the columns): a name (control
 * characters and direction overrides dropped, as the form drops them), a 10-digit Indian mobile
 * number (+91, spaces and dashes allowed), an optional expiry date, and no
 * number twice in the file. Each issue names its row and column. Numbers already on the list are
 * checked by the server against the database.
 */
export function checkStudentRows(rows: readonly StudentRowInput[]): { students: ImportedStudent[]; issues: ImportIssue[] } {
  const [header, ...body] = rows;
  const issues: ImportIssue[] = [];
  const students: ImportedStudent[] = [];
  const nameAt = header ? columnIndex(header.cells, HEADERS.name) : -1;
  const phoneAt = header ? columnIndex(header.cells, HEADERS.phoneNumber) : -1;
  const expiryAt = header ? columnIndex(header.cells, HEADERS.expiryDate) : -1;
  if (!header || nameAt < 0 || phoneAt < 0)
    return { students, issues: [{ row: header?.row ?? 1, column: 'header', message: LAKSHYA_STUDENT_MESSAGES.headerMissing }] };
  if (body.length === 0) return { students, issues: [{ row: header.row + 1, column: 'name', message: LAKSHYA_STUDENT_MESSAGES.noRows }] };
  const firstRowOf = new Map<string, number>();
  for (const { row, cells } of body) {
    const name = plainName(cells[nameAt] ?? '');
    const phoneText = cells[phoneAt] ?? '';
    const expiryText = expiryAt >= 0 ? (cells[expiryAt] ?? '') : '';
    const nameOk = hasVisibleText(name) && name.length <= MAX_NAME_LENGTH;
    if (!hasVisibleText(name)) issues.push({ row, column: 'name', message: LAKSHYA_STUDENT_MESSAGES.nameRequired });
    else if (name.length > MAX_NAME_LENGTH) issues.push({ row, column: 'name', message: LAKSHYA_STUDENT_MESSAGES.nameTooLong });
    const phone = indianMobile(phoneText);
    if (!phone) issues.push({ row, column: 'phoneNumber', message: `${LAKSHYA_STUDENT_MESSAGES.phone} (found "${phoneText.trim().slice(0, 40)}")` });
    else if (firstRowOf.has(phone)) issues.push({ row, column: 'phoneNumber', message: LAKSHYA_STUDENT_MESSAGES.phoneRepeated(phone, firstRowOf.get(phone)!) });
    else firstRowOf.set(phone, row);
    const expiryDate = expiryDateOf(expiryText);
    if (expiryDate === undefined) issues.push({ row, column: 'expiryDate', message: LAKSHYA_STUDENT_MESSAGES.dateInvalid });
    if (phone && nameOk && expiryDate !== undefined) students.push({ row, name, phoneNumber: phone, expiryDate });
  }
  return { students, issues };
}
