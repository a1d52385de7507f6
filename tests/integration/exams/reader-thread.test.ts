import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sampleHeaders } from '../../../shared/exams/spreadsheet.rules.ts';
import { AppError } from '../../../server/errors.ts';
import { CSV_MESSAGES } from '../../../server/exams/spreadsheet/read-csv.ts';
import { checkSpreadsheetInReaderThread, type ReaderJob } from '../../../server/exams/spreadsheet/reader-thread.ts';
import { XLSX_MESSAGES } from '../../../server/exams/spreadsheet/xlsx-rows.ts';

async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Questions').addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const HEADER = sampleHeaders('regular');
const CAPITAL = 'കേരളത്തിന്റെ തലസ്ഥാനം ഏത്?';
const question = (text: string) => ['G', text, 'a', 'b', 'c', 'd', 1];
const job = (format: ReaderJob['format'], content: Buffer): ReaderJob => ({ format, content, template: 'regular', answerInIndex: true });
const questionsOf = (result: Awaited<ReturnType<typeof checkSpreadsheetInReaderThread>>) =>
  result.output.flatMap((group) => group.questions.map((q) => q.question));

describe('checkSpreadsheetInReaderThread', () => {
  it('reads and checks a workbook in a worker thread', async () => {
    const result = await checkSpreadsheetInReaderThread(job('xlsx', await workbook([HEADER, question(CAPITAL)])));
    expect(result.issues).toEqual([]);
    expect(questionsOf(result)).toEqual([CAPITAL]);
  });

  it('reads and checks a CSV file in a worker thread', async () => {
    const csv = Buffer.from(`\uFEFF${HEADER.join(',')}\n${question(CAPITAL).join(',')}\n`);
    const result = await checkSpreadsheetInReaderThread(job('csv', csv));
    expect(result.issues).toEqual([]);
    expect(questionsOf(result)).toEqual([CAPITAL]);
  });

  it('refuses with 413 a file that needs more memory or time than a reader thread has', async () => {
    const rows = (count: number, length: number) => [HEADER, ...Array.from({ length: count }, (_, i) => question(`Question ${i} `.padEnd(length, 'x')))];
    // A CSV file is streamed and only its rows are kept: it takes long questions to fill the heap.
    const csv = rows(5000, 1800)
      .map((row) => row.join(','))
      .join('\n');
    const files = [
      { format: 'xlsx' as const, content: await workbook(rows(3000, 250)), message: XLSX_MESSAGES.tooHeavy },
      { format: 'csv' as const, content: Buffer.from(csv), message: CSV_MESSAGES.tooHeavy },
    ];
    for (const { format, content, message } of files) {
      for (const limits of [
        { heapMb: 16, timeoutMs: 60_000 },
        { heapMb: 768, timeoutMs: 1 },
      ]) {
        const error = await checkSpreadsheetInReaderThread(job(format, content), { limits }).catch((caught: unknown) => caught);
        expect(error, `${format} with ${JSON.stringify(limits)}`).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ message, statusCode: 413 });
      }
    }
  }, 60_000);

  it('reads several files at once', async () => {
    const csv = (n: number) => Buffer.from(`${HEADER.join(',')}\n${question(`File ${n}`).join(',')}\n`);
    const jobs = [
      job('xlsx', await workbook([HEADER, question('File 1')])),
      job('csv', csv(2)),
      job('xlsx', await workbook([HEADER, question('File 3')])),
      job('csv', csv(4)),
    ];
    const results = await Promise.all(jobs.map((each) => checkSpreadsheetInReaderThread(each)));
    expect(results.map(questionsOf)).toEqual([['File 1'], ['File 2'], ['File 3'], ['File 4']]);
  });
});
