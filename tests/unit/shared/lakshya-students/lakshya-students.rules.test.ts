import { describe, expect, it } from 'vitest';
import {
  checkStudentRows,
  csvTextOf,
  importFileProblem,
  importIssueText,
  MAX_IMPORT_FILE_BYTES,
  LAKSHYA_STUDENT_MESSAGES,
} from '../../../../shared/lakshya-students/lakshya-students.rules.ts';

describe('csvTextOf', () => {
  const text = 'name,phoneNumber\nഅരുൺ José,9847012345\n';

  it('reads UTF-8 with or without its byte-order mark, and UTF-16 in either byte order with its mark', () => {
    expect(csvTextOf(Buffer.from(text))).toBe(text);
    expect(csvTextOf(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text);
    expect(csvTextOf(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toBe(text);
    expect(csvTextOf(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]))).toBe(text);
  });

  it('refuses Windows-1252 and Latin-1 bytes, UTF-16 without its mark, and binary data', () => {
    expect(csvTextOf(Buffer.from('name\nJosé\n', 'latin1'))).toBeUndefined();
    expect(csvTextOf(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x93, 0x41, 0x94]))).toBeUndefined();
    expect(csvTextOf(Buffer.from('name\nAsha\n', 'utf16le'))).toBeUndefined();
    expect(csvTextOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBeUndefined();
  });
});

describe('checkStudentRows', () => {
  const rows = (...lines: string[][]) => [{ row: 1, cells: ['name', 'phoneNumber'] }, ...lines.map((cells, i) => ({ row: i + 2, cells }))];

  it('keeps names without control characters and direction overrides, and counts an invisible name as missing', () => {
    const { students, issues } = checkStudentRows(rows(['\u202eRiya\u0001 S\u2069', '9847012345'], ['\u200b\u200d', '9847012346'], ['\u0085', '9847012347']));
    expect(students).toEqual([{ row: 2, name: 'Riya S', phoneNumber: '9847012345', expiryDate: null }]);
    expect(issues).toEqual([
      { row: 3, column: 'name', message: LAKSHYA_STUDENT_MESSAGES.nameRequired },
      { row: 4, column: 'name', message: LAKSHYA_STUDENT_MESSAGES.nameRequired },
    ]);
  });
});

describe('importFileProblem', () => {
  it('takes a CSV of up to 16 MB', () => {
    expect(importFileProblem({ name: 'students.csv', size: 120 })).toBeUndefined();
    expect(importFileProblem({ name: 'STUDENTS.CSV', size: MAX_IMPORT_FILE_BYTES })).toBeUndefined();
  });

  it('refuses another kind of file, an empty file and one over 16 MB, saying which', () => {
    expect(importFileProblem({ name: 'students.xlsx', size: 120 })).toBe('Choose a CSV file (a name ending in .csv)');
    expect(importFileProblem({ name: 'students.csv', size: 0 })).toBe('The file is empty');
    expect(importFileProblem({ name: 'students.csv', size: MAX_IMPORT_FILE_BYTES + 1 })).toBe('The file is larger than 16 MB');
  });
});

describe('importIssueText', () => {
  it('names the row and the column of a refused row', () => {
    expect(importIssueText({ row: 3, column: 'phoneNumber', message: 'Enter a 10-digit Indian mobile number' })).toBe(
      'Row 3, column phoneNumber: Enter a 10-digit Indian mobile number',
    );
    expect(importIssueText({ row: 1, column: 'header', message: LAKSHYA_STUDENT_MESSAGES.headerMissing })).toBe(
      `Row 1 (the header row): ${LAKSHYA_STUDENT_MESSAGES.headerMissing}`,
    );
  });
});
