import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MAX_QUESTIONS_PER_EXAM } from '../../../shared/exams/exam.constants.ts';
import { MAX_FILLED_ROWS, TOO_MANY_ROWS_MESSAGE } from '../../../server/exams/spreadsheet/row-limit.ts';
import {
  cellValueText,
  checkXlsxArchive,
  MAX_XLSX_PART_MB,
  MAX_XLSX_UNPACKED_MB,
  readXlsxInThisThread,
  XLSX_MESSAGES,
} from '../../../server/exams/spreadsheet/xlsx-rows.ts';
import { checkUnpackedSizes, zipDirectory } from '../../../server/exams/spreadsheet/zip-archive.ts';
import { repeatedRowsSheet, repeatedRowsWorkbook, workbookWith, zipOf } from './spreadsheet-fixtures.ts';
import { refusal } from '../../support/rejection.ts';

async function workbook(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('Questions'));
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('cellValueText', () => {
  it('gives the text a person sees in the cell', () => {
    expect(cellValueText(null)).toBe('');
    expect(cellValueText(undefined)).toBe('');
    expect(cellValueText('തൃശ്ശൂർ')).toBe('തൃശ്ശൂർ');
    expect(cellValueText(1956)).toBe('1956');
    expect(cellValueText(0.25)).toBe('0.25');
    expect(cellValueText(true)).toBe('TRUE');
    expect(cellValueText(new Date(Date.UTC(1956, 10, 1)))).toBe('1956-11-01');
    expect(cellValueText(new Date(Date.UTC(2024, 0, 2, 9, 30)))).toBe('2024-01-02 09:30');
    expect(cellValueText({ richText: [{ text: 'കേരള ' }, { text: 'പിറവി', font: { bold: true } }] })).toBe('കേരള പിറവി');
    expect(cellValueText({ formula: 'A1*2', result: 4 })).toBe('4');
    expect(cellValueText({ formula: 'A1/0', result: { error: '#DIV/0!' } })).toBe('#DIV/0!');
    expect(cellValueText({ formula: 'NOW()' })).toBe('');
    expect(cellValueText({ text: 'Kerala PSC', hyperlink: 'https://keralapsc.gov.in' })).toBe('Kerala PSC');
    expect(cellValueText({ error: '#N/A' })).toBe('#N/A');
  });
});

describe('readXlsxInThisThread', () => {
  it('numbers rows as Excel does and gives a merged cell to every row it spans', async () => {
    const content = await workbook((sheet) => {
      sheet.addRow(['Group', 'Question']);
      sheet.addRow(['ചരിത്രം', 'Q1']);
      sheet.addRow([null, 'Q2']);
      sheet.getRow(5).values = ['Geography', 'Q3'];
      sheet.mergeCells('A2:A3');
    });
    expect(await readXlsxInThisThread(content)).toEqual([
      { row: 1, cells: ['Group', 'Question'] },
      { row: 2, cells: ['ചരിത്രം', 'Q1'] },
      { row: 3, cells: ['ചരിത്രം', 'Q2'] },
      { row: 5, cells: ['Geography', 'Q3'] },
    ]);
  });

  it('reads the zip directory: entry names and the declared unpacked size', async () => {
    const content = await workbook((sheet) => sheet.addRow(['Group']));
    const directory = zipDirectory(content)!;
    expect(directory.names).toEqual(expect.arrayContaining(['xl/workbook.xml', 'xl/worksheets/sheet1.xml', '[Content_Types].xml']));
    expect(directory.unpackedBytes).toBeGreaterThan(content.length);
    expect(zipDirectory(content.subarray(0, content.length - 30))).toBeUndefined();
  });
});

const MB = 1024 * 1024;
const LIMITS = { entryBytes: MAX_XLSX_PART_MB * MB, totalBytes: MAX_XLSX_UNPACKED_MB * MB };
/** The inflater hands over its output in pieces of 64 KB: counting stops within one piece past a limit. */
const ONE_PIECE = 64 * 1024;

describe('what a workbook unpacks to', () => {
  it('is counted as it unpacks, and a workbook of one repeated cell reads when it is small and honest', async () => {
    const { content, unpackedSize } = await repeatedRowsWorkbook(4096);
    const directory = zipDirectory(content)!;
    expect(await checkUnpackedSizes(content, directory, LIMITS)).toEqual({ outcome: 'fits', unpackedBytes: directory.unpackedBytes });
    expect(await readXlsxInThisThread(content)).toEqual([
      { row: 1, cells: ['Question'] },
      { row: 2, cells: ['Kerala'] },
    ]);
    expect(unpackedSize).toBeLessThanOrEqual(4096);
  });

  it(`stops a part that unpacks past ${MAX_XLSX_PART_MB} MB at the limit, whatever its headers declare, and refuses it with 413`, async () => {
    const { content } = await repeatedRowsWorkbook(256 * MB, { declaredSize: 64 * 1024 });
    expect(content.length).toBeLessThan(2 * MB);
    const check = await checkUnpackedSizes(content, zipDirectory(content)!, LIMITS);
    expect(check).toMatchObject({ outcome: 'entry-too-large', name: 'xl/worksheets/sheet1.xml' });
    expect(check.unpackedBytes).toBeGreaterThan(MAX_XLSX_PART_MB * MB);
    expect(check.unpackedBytes).toBeLessThanOrEqual(MAX_XLSX_PART_MB * MB + ONE_PIECE + 4096);
    expect(await refusal(readXlsxInThisThread(content))).toMatchObject({ message: XLSX_MESSAGES.partTooLarge, statusCode: 413 });
  }, 60_000);

  it(`stops once all parts together unpack past ${MAX_XLSX_UNPACKED_MB} MB, also when the directory names the same data many times`, async () => {
    const sheet = await repeatedRowsSheet(60 * MB, { declaredSize: 1024 });
    const parts = [sheet, { ...sheet, name: 'xl/worksheets/sheet2.xml' }];
    const separate = workbookWith(parts);
    const overlapping = workbookWith([sheet, ...[2, 3, 4, 5, 6, 7, 8].map((n) => ({ ...sheet, name: `xl/worksheets/sheet${n}.xml`, sameDataAs: sheet.name }))]);
    expect(overlapping.length).toBeLessThan(separate.length);
    for (const content of [separate, overlapping]) {
      const check = await checkUnpackedSizes(content, zipDirectory(content)!, LIMITS);
      expect(check.outcome).toBe('too-large');
      expect(check.unpackedBytes).toBeGreaterThan(MAX_XLSX_UNPACKED_MB * MB);
      expect(check.unpackedBytes).toBeLessThanOrEqual(MAX_XLSX_UNPACKED_MB * MB + ONE_PIECE + 4096);
      expect(await refusal(readXlsxInThisThread(content))).toMatchObject({ message: XLSX_MESSAGES.tooLarge, statusCode: 413 });
    }
  }, 60_000);

  it('refuses as damaged, with 400, a part that unpacks to another size than declared, an unknown method, or data outside the file', async () => {
    const honest = await repeatedRowsSheet(8192);
    const cases = [
      workbookWith([{ ...honest, declaredSize: honest.unpackedSize + 1 }]),
      workbookWith([{ ...honest, declaredSize: honest.unpackedSize - 1 }]),
      workbookWith([{ ...honest, method: 12 as unknown as 8 }]),
    ];
    const outside = Buffer.from(workbookWith([honest]));
    const directory = zipDirectory(outside)!;
    const sheetEntry = directory.entries.find((entry) => entry.name === honest.name)!;
    // Point the sheet's directory entry past the end of the file.
    const centralAt = outside.lastIndexOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02])]), outside.length - 22);
    expect(outside.readUInt32LE(centralAt + 42)).toBe(sheetEntry.localHeaderOffset);
    outside.writeUInt32LE(outside.length + 10, centralAt + 42);
    cases.push(outside);
    for (const content of cases) {
      expect((await checkUnpackedSizes(content, zipDirectory(content)!, LIMITS)).outcome).toBe('damaged');
      expect(await refusal(readXlsxInThisThread(content))).toMatchObject({ message: XLSX_MESSAGES.damaged, statusCode: 400 });
    }
  });

  it('refuses from the directory alone a part declared larger than a part may be', () => {
    const content = zipOf([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>'), declaredSize: (MAX_XLSX_PART_MB + 1) * MB },
    ]);
    expect(() => checkXlsxArchive(content)).toThrow(XLSX_MESSAGES.partTooLarge);
  });
});

describe('the rows of a workbook', () => {
  it(`stop at the header and ${MAX_QUESTIONS_PER_EXAM.toLocaleString('en-IN')} rows: one more is refused with 400 "too many rows"`, async () => {
    const book = (count: number) =>
      workbook((sheet) => {
        sheet.addRow(['Question']);
        for (let i = 1; i <= count; i += 1) sheet.addRow([`Q${i}`]);
        // Rows with nothing in them do not count.
        sheet.getRow(count + 10).values = [''];
      });
    expect(await readXlsxInThisThread(await book(MAX_QUESTIONS_PER_EXAM))).toHaveLength(MAX_FILLED_ROWS);
    expect(await refusal(readXlsxInThisThread(await book(MAX_QUESTIONS_PER_EXAM + 1)))).toMatchObject({ message: TOO_MANY_ROWS_MESSAGE, statusCode: 400 });
  }, 60_000);
});
