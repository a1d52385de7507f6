import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { sampleHeaders } from '../../shared/exams/spreadsheet.rules.ts';
import { importQuestionSpreadsheet } from '../../server/exams/spreadsheet/spreadsheet-import.service.ts';
import { repeatedRowsWorkbook } from '../../tests/integration/exams/spreadsheet-fixtures.ts';

/**
 * Question-spreadsheet benchmark (part of `npm run bench`): how long the server takes to answer
 * an upload, how long its main thread is held up meanwhile (the longest event-loop delay), and
 * the main thread's memory after the answer, for:
 *   - 1,000,000 and 588,657 short CSV rows (refused: too many rows),
 *   - a 256 MB zip bomb whose headers claim 64 KB (refused: too large when unpacked),
 *   - 5,000 questions with long Malayalam texts, as CSV and as XLSX (imported).
 * Targets: a refusal answers within a couple of seconds (most of it starting the reader thread);
 * the main thread is held up only to start the thread and take its answer (well under a second,
 * never for the reading: before, 1,000,000 rows held it for 45 s); its heap does not keep what a
 * reader unpacked.
 */
const HEADER = sampleHeaders('with-solution');
const MALAYALAM = 'കേരളത്തിന്റെ തലസ്ഥാനം ഏത്? ';

function longQuestionRows(): string[][] {
  return Array.from({ length: 5000 }, (_, i) => [
    i % 100 === 0 ? `Group ${i / 100 + 1}` : '',
    `${MALAYALAM.repeat(6)}${i}`,
    `${MALAYALAM}a${i}`,
    `${MALAYALAM}b${i}`,
    `${MALAYALAM}c${i}`,
    `${MALAYALAM}d${i}`,
    '2',
    'Kerala',
    'History',
    '',
    '',
    '',
    `${MALAYALAM.repeat(16)}${i}`,
  ]);
}

function csvOf(rows: string[][]): Buffer {
  return Buffer.from(`\uFEFF${rows.map((row) => row.map((cell) => `"${cell}"`).join(',')).join('\r\n')}\r\n`);
}

async function workbookOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Questions').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function measure(name: string, content: Buffer, template: 'regular' | 'with-solution'): Promise<void> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const before = process.memoryUsage();
  delay.enable();
  await sleep(20);
  const started = performance.now();
  // Started from a timer, so that work done without ever yielding still shows as a late timer.
  const outcome = await new Promise<string>((resolve) =>
    setImmediate(() =>
      importQuestionSpreadsheet({ content, template, answerInIndex: true }).then(
        (result) => resolve(`imported ${result.output.reduce((sum, group) => sum + group.questions.length, 0)} questions, ${result.issues.length} issues`),
        (error: { statusCode?: number; message: string }) => resolve(`${error.statusCode ?? 500} ${error.message.slice(0, 60)}…`),
      ),
    ),
  );
  const elapsed = performance.now() - started;
  await sleep(20);
  delay.disable();
  const after = process.memoryUsage();
  console.log(
    `${name.padEnd(34)} ${mb(content.length).padStart(6)} upload  answered in ${elapsed.toFixed(0).padStart(5)} ms  ` +
      `main thread held up at most ${(delay.max / 1e6).toFixed(0).padStart(3)} ms  ` +
      `main-thread RSS ${mb(before.rss)} → ${mb(after.rss)}, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}\n    ${outcome}`,
  );
}

export async function runSpreadsheetBenchmark(): Promise<void> {
  const shortRows = (count: number) => Buffer.from(`${sampleHeaders('regular').join(',')}\n${'G,Q,a,b\n'.repeat(count)}`);
  const rows = [HEADER, ...longQuestionRows()];
  await measure('CSV, 1,000,000 short rows', shortRows(1_000_000), 'regular');
  await measure('CSV, 588,657 short rows', shortRows(588_656), 'regular');
  await measure('XLSX zip bomb, 256 MB claiming 64 KB', (await repeatedRowsWorkbook(256 * 1024 * 1024, { declaredSize: 64 * 1024 })).content, 'regular');
  await measure('CSV, 5,000 long Malayalam questions', csvOf(rows), 'with-solution');
  await measure('XLSX, 5,000 long Malayalam questions', await workbookOf(rows), 'with-solution');
}
