import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../../server/exams/spreadsheet/read-xlsx.ts';
import { cellValueText, readXlsxInThisThread, XLSX_MESSAGES, zipDirectory } from '../../../server/exams/spreadsheet/xlsx-rows.ts';
import { AppError } from '../../../server/errors.ts';

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

describe('readXlsx', () => {
  it('reads in a worker thread', async () => {
    const content = await workbook((sheet) => sheet.addRows([['Question'], ['കേരളത്തിന്റെ തലസ്ഥാനം ഏത്?']]));
    expect(await readXlsx(content)).toEqual([
      { row: 1, cells: ['Question'] },
      { row: 2, cells: ['കേരളത്തിന്റെ തലസ്ഥാനം ഏത്?'] },
    ]);
  });

  it('refuses with 413 a workbook that needs more memory or time than a reader thread has', async () => {
    const content = await workbook((sheet) => {
      for (let i = 0; i < 3000; i += 1) sheet.addRow([`Question ${i} `.repeat(20), 'a', 'b', 'c', 'd', 1]);
    });
    for (const limits of [
      { heapMb: 16, timeoutMs: 60_000 },
      { heapMb: 768, timeoutMs: 1 },
    ]) {
      const error = await readXlsx(content, limits).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ message: XLSX_MESSAGES.tooHeavy, statusCode: 413 });
    }
  }, 60_000);

  it('reads several workbooks at once', async () => {
    const contents = await Promise.all([1, 2, 3, 4].map((n) => workbook((sheet) => sheet.addRow([`Sheet ${n}`]))));
    const rows = await Promise.all(contents.map((content) => readXlsx(content)));
    expect(rows.map((sheet) => sheet[0]!.cells[0])).toEqual(['Sheet 1', 'Sheet 2', 'Sheet 3', 'Sheet 4']);
  });
});
