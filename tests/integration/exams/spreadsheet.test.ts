import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { MAX_QUESTIONS_PER_EXAM } from '../../../shared/exams/exam.constants.ts';
import { questionGroupSchema, type QuestionGroup } from '../../../shared/exams/exams.schema.ts';
import { sampleHeaders, type SpreadsheetImportResult } from '../../../shared/exams/spreadsheet.rules.ts';
import { SPREADSHEET_UPLOAD_MESSAGES as UPLOAD_MESSAGES } from '../../../shared/exams/spreadsheet.schema.ts';
import { FORMAT_MESSAGES } from '../../../server/exams/spreadsheet/spreadsheet-format.ts';
import { TOO_MANY_ROWS_MESSAGE } from '../../../server/exams/spreadsheet/row-limit.ts';
import { XLSX_MESSAGES } from '../../../server/exams/spreadsheet/xlsx-rows.ts';
import { multipartBody, TINY_PDF, type FilePart } from '../../support/multipart.ts';
import { zipOf } from './spreadsheet-fixtures.ts';
import { useApp } from '../../support/app-harness.ts';
import { countRows } from '../../support/row-count.ts';

const harness = useApp({ roles: ['admin', 'staff', 'student'] });
const asAdmin = harness.injectAs('admin');

const REGULAR = sampleHeaders('regular');
const WITH_SOLUTION = sampleHeaders('with-solution');
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface UploadOptions {
  template?: string;
  answerInIndex?: string;
  fileName?: string;
  cookie?: string | null;
  parts?: FilePart[];
}

function upload(content: Buffer, options: UploadOptions = {}) {
  const query = new URLSearchParams({ template: options.template ?? 'regular', answerInIndex: options.answerInIndex ?? 'true' });
  const body = multipartBody(options.parts ?? [{ field: 'csv', fileName: options.fileName ?? 'questions.csv', content }]);
  const cookie = options.cookie === undefined ? harness.cookie('admin') : options.cookie;
  return harness.injectWith(cookie || undefined)('POST', `/api/exams/upload/spreadsheet?${query}`, body.payload, body.headers);
}

async function imported(content: Buffer, options: UploadOptions = {}): Promise<SpreadsheetImportResult> {
  const response = await upload(content, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A CSV file as Excel writes it: every cell quoted, CRLF line ends, optionally a byte-order mark. */
function csvOf(rows: Array<Array<string | number>>, options: { bom?: boolean } = {}): Buffer {
  const text = rows.map((row) => row.map((cell) => `"${String(cell).replace(/"/g, '""')}"`).join(',')).join('\r\n');
  return Buffer.from(`${options.bom ? '\uFEFF' : ''}${text}\r\n`, 'utf8');
}

async function workbookOf(rows: ExcelJS.CellValue[][], sheetName = 'Questions'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A regular-template row: group, question, four options, answer, tags. */
const row = (group: string, question: string, options: Array<string | number>, answer: string | number, tags: string[] = []) => [
  group,
  question,
  ...[...options, '', '', '', ''].slice(0, 4),
  answer,
  ...[...tags, '', '', '', '', ''].slice(0, 5),
];

const summary = (groups: QuestionGroup[]) =>
  groups.map((group) => ({ title: group.title, questions: group.questions.map((q) => [q.question, q.options, q.correctAnswerIndex]) }));

const CAPITAL = 'കേരളത്തിന്റെ തലസ്ഥാനം ഏത്?';
const CAPITAL_OPTIONS = ['കൊച്ചി', 'തിരുവനന്തപുരം', 'കോഴിക്കോട്', 'തൃശ്ശൂർ'];
const SOLUTION = 'തിരുവനന്തപുരം ആണ് കേരളത്തിന്റെ തലസ്ഥാനം.\nതിരുവിതാംകൂറിന്റെയും തലസ്ഥാനമായിരുന്നു.';

/** Byte-for-byte comparison: the text must not be normalised or re-encoded on the way. */
const sameBytes = (a: string, b: string) => Buffer.from(a, 'utf8').equals(Buffer.from(b, 'utf8'));

/** The header and `count` questions in groups of 500 ("Part 1", ...), each a Malayalam question numbered from 1. */
const limitRows = (count: number) => [
  REGULAR,
  ...Array.from({ length: count }, (_, i) => row(i % 500 === 0 ? `Part ${i / 500 + 1}` : '', `${CAPITAL} (${i + 1})`, CAPITAL_OPTIONS, 2)),
];

describe('POST /api/exams/upload/spreadsheet with CSV', () => {
  it('reads UTF-8 with a byte-order mark, option numbers as answers, and keeps Malayalam byte for byte', async () => {
    const result = await imported(
      csvOf([REGULAR, row('പൊതുവിജ്ഞാനം', CAPITAL, CAPITAL_OPTIONS, 2, ['കേരളം']), row('', 'Which is the longest river in Kerala?', ['Periyar', 'Pamba'], 1)], {
        bom: true,
      }),
    );
    expect(result.issues).toEqual([]);
    expect(result.hasIssues).toBe(false);
    expect(summary(result.output)).toEqual([
      {
        title: 'പൊതുവിജ്ഞാനം',
        questions: [
          [CAPITAL, CAPITAL_OPTIONS, 1],
          ['Which is the longest river in Kerala?', ['Periyar', 'Pamba'], 0],
        ],
      },
    ]);
    const question = result.output[0]!.questions[0]!;
    expect(sameBytes(question.question, CAPITAL)).toBe(true);
    expect(question.options.every((option, index) => sameBytes(option, CAPITAL_OPTIONS[index]!))).toBe(true);
    expect(question.tag1).toBe('കേരളം');
    expect(result.output[0]).toMatchObject({ durationInMins: 40, hasTimeRestriction: false });
    for (const group of result.output) expect(questionGroupSchema.parse(group)).toEqual(group);
  });

  it('reads UTF-8 without a byte-order mark, option texts as answers, and line breaks inside quoted cells', async () => {
    const csv = Buffer.from(
      [
        WITH_SOLUTION.join(','),
        `History,"Match the leaders:\n(a) Ayyankali (b) Sree Narayana Guru","a-1, b-2","a-2, b-1",,,"a-2, b-1",Reformers,,,,,"Ayyankali led the Sadhu Jana Paripalana Sangham."`,
        `,${CAPITAL},${CAPITAL_OPTIONS.join(',')},തിരുവനന്തപുരം,,,,,,"${SOLUTION}"`,
        '',
      ].join('\n'),
    );
    expect(csv[0]).toBe(0x47); // "G" of the header: no byte-order mark
    const result = await imported(csv, { template: 'with-solution', answerInIndex: 'false' });
    expect(result.issues).toEqual([]);
    const [first, second] = result.output[0]!.questions;
    expect(first).toMatchObject({
      question: 'Match the leaders:\n(a) Ayyankali (b) Sree Narayana Guru',
      options: ['a-1, b-2', 'a-2, b-1'],
      correctAnswerIndex: 1,
      tag1: 'Reformers',
      solution: 'Ayyankali led the Sadhu Jana Paripalana Sangham.',
    });
    expect(second!.correctAnswerIndex).toBe(1);
    expect(sameBytes(second!.solution, SOLUTION)).toBe(true);
  });

  it('names the row and column of each issue, counting a cell with line breaks as one row', async () => {
    const csv = csvOf([
      REGULAR,
      row('G', 'First line\nsecond line', ['a', 'b'], 1),
      [],
      row('', 'Answer out of range', ['a', 'b', 'c'], 4),
      row('', '', ['a', 'b'], 1),
      row('', 'One option', ['a'], 1),
    ]);
    const result = await imported(csv);
    expect(result.hasIssues).toBe(true);
    expect(result.issues).toEqual([
      { row: 4, column: 'Answer', message: 'Row 4, column "Answer": 4 is not one of this question\'s options (1 to 3)' },
      { row: 5, column: 'Question', message: 'Row 5, column "Question": the question is missing' },
      { row: 6, column: 'Option 2', message: 'Row 6, column "Option 2": a question needs at least two options' },
    ]);
    expect(summary(result.output)).toEqual([{ title: 'G', questions: [['First line\nsecond line', ['a', 'b'], 0]] }]);
  });

  it('reports a wrong header on row 1, once', async () => {
    const header = ['Group', 'Question', 'Option A', 'Option B', 'Option C', 'Option D', 'Correct Answer'];
    const result = await imported(csvOf([header, ['G', 'Q', 'a', 'b', 'c', 'd', '1'], ['', 'Q2', 'a', 'b', 'c', 'd', '2']]));
    expect(result.hasIssues).toBe(true);
    expect(result.output).toEqual([]);
    expect(result.issues.map((issue) => [issue.row, issue.column])).toEqual([
      [1, 'Option A'],
      [1, 'Option B'],
      [1, 'Option C'],
      [1, 'Option D'],
      [1, 'Correct Answer'],
      [1, 'Option 1'],
      [1, 'Option 2'],
      [1, 'Option 3'],
      [1, 'Option 4'],
      [1, 'Answer'],
    ]);
    expect(result.issues[4]!.message).toMatch(/^Row 1, column "Correct Answer": not a column of the regular template \(column G\)/);
  });

  it('reads a semicolon-separated file', async () => {
    const csv = Buffer.from(`${REGULAR.join(';')}\nG;Capital of India?;New Delhi;Mumbai;;;1\n`);
    const result = await imported(csv);
    expect(result.issues).toEqual([]);
    expect(summary(result.output)).toEqual([{ title: 'G', questions: [['Capital of India?', ['New Delhi', 'Mumbai'], 0]] }]);
  });

  it('refuses a quote that is never closed with 400', async () => {
    const csv = `${REGULAR.join(',')}\nG,"Two\nlines",a,b,,,1\n,"Unclosed question,a,b,,,1\n,Q,a,b,,,1\n`;
    const response = await upload(Buffer.from(csv));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The CSV file could not be read: a quoted cell in row 3 is never closed. Check the quotes (") in that row.',
      type: 'validation',
    });
  });
  it(`accepts ${MAX_QUESTIONS_PER_EXAM.toLocaleString('en-IN')} questions, empty lines between them not counted, and refuses one more with 400 "too many rows"`, async () => {
    const withBlankLines = (rows: Array<Array<string | number>>) => csvOf(rows.flatMap((cells, index) => (index % 100 === 99 ? [cells, []] : [cells])));
    const accepted = await imported(withBlankLines(limitRows(MAX_QUESTIONS_PER_EXAM)));
    expect(accepted.issues).toEqual([]);
    expect(accepted.output.reduce((sum, group) => sum + group.questions.length, 0)).toBe(MAX_QUESTIONS_PER_EXAM);
    expect(accepted.output[9]!.questions.at(-1)!.question).toBe(`${CAPITAL} (5000)`);

    const refused = await upload(withBlankLines(limitRows(MAX_QUESTIONS_PER_EXAM + 1)));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: TOO_MANY_ROWS_MESSAGE, type: 'validation' });
  }, 60_000);
});

describe('POST /api/exams/upload/spreadsheet with XLSX', () => {
  it('reads shared strings, rich text, numbers and formula results, with Malayalam byte for byte (with-solution, option texts)', async () => {
    const content = await workbookOf([
      WITH_SOLUTION,
      [
        'ചരിത്രം',
        { richText: [{ text: 'കേരള സംസ്ഥാനം ', font: { bold: true } }, { text: 'രൂപീകൃതമായ വർഷം?' }] },
        1947,
        1950,
        1956,
        1960,
        { formula: 'E2', result: 1956 },
        'കേരളം',
        '',
        '',
        '',
        '',
        SOLUTION,
      ],
      ['', CAPITAL, ...CAPITAL_OPTIONS, { sharedFormula: 'G2', result: 'തിരുവനന്തപുരം' } as unknown as ExcelJS.CellValue, '', '', '', '', '', 'തലസ്ഥാനം'],
      ['Mathematics', 'What is 15% of 200?', 20, 25, 30, 35, { formula: '15*200/100', result: 30 }, '', '', '', '', '', '15 × 200 ÷ 100 = 30'],
    ]);
    expect(content.subarray(0, 2).toString()).toBe('PK');
    const result = await imported(content, { fileName: 'questions.xlsx', template: 'with-solution', answerInIndex: 'false' });
    expect(result.issues).toEqual([]);
    expect(summary(result.output)).toEqual([
      {
        title: 'ചരിത്രം',
        questions: [
          ['കേരള സംസ്ഥാനം രൂപീകൃതമായ വർഷം?', ['1947', '1950', '1956', '1960'], 2],
          [CAPITAL, CAPITAL_OPTIONS, 1],
        ],
      },
      { title: 'Mathematics', questions: [['What is 15% of 200?', ['20', '25', '30', '35'], 2]] },
    ]);
    const capital = result.output[0]!.questions[1]!;
    expect(sameBytes(capital.question, CAPITAL)).toBe(true);
    expect(capital.options.every((option, index) => sameBytes(option, CAPITAL_OPTIONS[index]!))).toBe(true);
    expect(sameBytes(result.output[0]!.questions[0]!.solution, SOLUTION)).toBe(true);
    expect(sameBytes(result.output[0]!.title, 'ചരിത്രം')).toBe(true);
  });

  it('reads the first worksheet with option numbers as answers (regular)', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Questions').addRows([REGULAR, row('G', 'Capital of India?', ['Mumbai', 'New Delhi'], 2)]);
    workbook.addWorksheet('Notes').addRows([['Not questions'], ['ignored']]);
    const result = await imported(Buffer.from(await workbook.xlsx.writeBuffer()), { fileName: 'q.xlsx' });
    expect(result.issues).toEqual([]);
    expect(summary(result.output)).toEqual([{ title: 'G', questions: [['Capital of India?', ['Mumbai', 'New Delhi'], 1]] }]);
  });

  it('names the spreadsheet row of an issue, skipping empty rows', async () => {
    const content = await workbookOf([REGULAR, row('G', 'Q1', ['a', 'b'], 1), [], [], row('', 'Q2', ['a', 'b'], 'B')]);
    const result = await imported(content, { fileName: 'q.xlsx' });
    expect(result.issues).toEqual([
      {
        row: 5,
        column: 'Answer',
        message: 'Row 5, column "Answer": "B" is not an option number; with "answer in index" on, write the number of the correct option (1 to 2)',
      },
    ]);
  });

  it(`accepts ${MAX_QUESTIONS_PER_EXAM.toLocaleString('en-IN')} questions and refuses one more with 400 "too many rows"`, async () => {
    const accepted = await imported(await workbookOf(limitRows(MAX_QUESTIONS_PER_EXAM)), { fileName: 'q.xlsx' });
    expect(accepted.issues).toEqual([]);
    expect(accepted.output).toHaveLength(10);
    expect(accepted.output.reduce((sum, group) => sum + group.questions.length, 0)).toBe(MAX_QUESTIONS_PER_EXAM);
    expect(accepted.output[9]!.questions.at(-1)!.question).toBe(`${CAPITAL} (5000)`);

    const refused = await upload(await workbookOf(limitRows(MAX_QUESTIONS_PER_EXAM + 1)), { fileName: 'q.xlsx' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: TOO_MANY_ROWS_MESSAGE, type: 'validation' });
  }, 60_000);
});

describe('files that are not a readable spreadsheet', () => {
  const refusedWith = async (content: Buffer, status: number, message: string) => {
    const response = await upload(content, { fileName: 'questions.xlsx' });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ message, type: 'validation' });
  };

  it('refuses random bytes with 400', async () => {
    await refusedWith(Buffer.concat([Buffer.from([0x00, 0x9f]), randomBytes(4096)]), 400, FORMAT_MESSAGES.unknown);
    await refusedWith(TINY_PDF.subarray(0, 8).fill(0x80, 0, 1), 400, FORMAT_MESSAGES.unknown);
  });

  it('refuses a damaged zip with 400', async () => {
    const good = await workbookOf([REGULAR, row('G', 'Q', ['a', 'b'], 1)]);
    // Cut short: no central directory.
    await refusedWith(good.subarray(0, Math.floor(good.length / 2)), 400, XLSX_MESSAGES.damaged);
    // The directory is intact but the compressed data is garbage.
    const scrambled = Buffer.from(good);
    randomBytes(200).copy(scrambled, 100);
    await refusedWith(scrambled, 400, XLSX_MESSAGES.damaged);
  });

  it('refuses a zip that is not a workbook, and an OpenDocument spreadsheet, with 400', async () => {
    await refusedWith(zipOf([{ name: 'notes.txt', data: Buffer.from('hello') }]), 400, XLSX_MESSAGES.notWorkbook);
    const ods = zipOf([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') },
      { name: 'content.xml', data: Buffer.from('<office:document-content/>') },
    ]);
    await refusedWith(ods, 400, XLSX_MESSAGES.openDocument);
  });

  it('refuses a workbook that would unpack to more than 100 MB with 413, before unpacking it', async () => {
    const bomb = zipOf([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>'), declaredSize: 150 * 1024 * 1024 },
    ]);
    await refusedWith(bomb, 413, XLSX_MESSAGES.tooLarge);
  });

  it('refuses old Excel files, UTF-16 and non-UTF-8 text, and an empty file with 400', async () => {
    await refusedWith(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), randomBytes(512)]), 400, FORMAT_MESSAGES.oldExcel);
    await refusedWith(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Group,Question', 'utf16le')]), 400, FORMAT_MESSAGES.utf16);
    await refusedWith(Buffer.from('Group,Question\nG,Caf\xe9 au lait?\n', 'latin1'), 400, FORMAT_MESSAGES.notUtf8);
    await refusedWith(Buffer.alloc(0), 400, FORMAT_MESSAGES.empty);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const line = `${row('G', 'x'.repeat(1000), ['a', 'b'], 1).join(',')}\n`;
    const content = Buffer.from(REGULAR.join(',') + '\n' + line.repeat(Math.ceil((10 * 1024 * 1024) / line.length)));
    expect(content.length).toBeGreaterThan(10 * 1024 * 1024);
    const response = await upload(content);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.tooLarge, type: 'validation' });
  });

  it('stores nothing', async () => {
    const before = await countRows(harness.db, 'assets');
    await imported(csvOf([REGULAR, row('G', 'Q', ['a', 'b'], 1)]));
    await upload(randomBytes(100));
    expect(await countRows(harness.db, 'assets')).toBe(before);
  });
});

describe('the request', () => {
  it("answers a broken form in the product's words, never the parser's or a 5xx", async () => {
    const url = '/api/exams/upload/spreadsheet?template=regular&answerInIndex=true';
    const wrongBoundary = await asAdmin(
      'POST',
      url,
      '--different\r\nContent-Disposition: form-data; name="csv"; filename="q.csv"\r\n\r\nGroup\r\n--different--\r\n',
      { 'content-type': 'multipart/form-data; boundary=expected' },
    );
    expect(wrongBoundary.statusCode).toBe(400);
    expect(wrongBoundary.json().message).toMatch(/^The upload (ended before its form data was complete|is not valid multipart)/);
    const noBoundary = await asAdmin('POST', url, 'x', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toBe('The upload is not valid multipart/form-data: its Content-Type names no boundary');
    const cut = await asAdmin('POST', url, '--b\r\nContent-Disposition: form-data; name="csv"; filename="q.csv"\r\n\r\nGroup,Question', {
      'content-type': 'multipart/form-data; boundary=b',
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toMatch(/^The upload ended before its form data was complete/);
  });

  const good = () => csvOf([REGULAR, row('G', 'Q', ['a', 'b'], 1)]);

  it('takes the file from the field csv', async () => {
    const elsewhere = await upload(good(), { parts: [{ field: 'file_0', fileName: 'q.csv', content: good() }] });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(UPLOAD_MESSAGES.noFile);
    const twice = await upload(good(), {
      parts: [
        { field: 'csv', fileName: 'a.csv', content: good() },
        { field: 'csv', fileName: 'b.csv', content: good() },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(UPLOAD_MESSAGES.oneFile);
    const alongside = await upload(good(), {
      parts: [
        { field: 'note', fileName: 'n.txt', content: Buffer.from('skip me') },
        { field: 'csv', fileName: 'a.csv', content: good() },
      ],
    });
    expect(alongside.statusCode).toBe(200);
  });

  it('needs multipart/form-data', async () => {
    const response = await asAdmin('POST', '/api/exams/upload/spreadsheet?template=regular&answerInIndex=true', { csv: 'x' });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.notMultipart);
  });

  it('needs a known template and answerInIndex true or false', async () => {
    const template = await upload(good(), { template: 'mock-test' });
    expect(template.statusCode).toBe(400);
    expect(template.json().message).toBe('Choose the template: regular or with-solution');
    const flag = await upload(good(), { answerInIndex: 'yes' });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().message).toBe('answerInIndex must be true or false');
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await harness.app.inject('/api/openapi.json')).json();
    const upload = document.paths['/api/exams/upload/spreadsheet'].post;
    expect(upload.tags).toEqual(['exams']);
    expect(upload.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(['query:template', 'query:answerInIndex']);
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '413']));
    const sample = document.paths['/api/exams/download/sample/spreadsheet'].get;
    expect(sample.summary).toMatch(/^Download a sample question spreadsheet/);
    expect(sample.parameters.map((p: { name: string }) => p.name)).toEqual(['template', 'answerInIndex', 'format']);
  });

  it('is refused signed out (401) and to students (403), and open to every console role', async () => {
    expect((await upload(good(), { cookie: null })).statusCode).toBe(401);
    expect((await upload(good(), { cookie: harness.cookie('student') })).statusCode).toBe(403);
    expect((await upload(good(), { cookie: harness.cookie('staff') })).statusCode).toBe(200);
    const sample = (cookie?: string) => harness.injectWith(cookie || undefined)('GET', '/api/exams/download/sample/spreadsheet?template=regular');
    expect((await sample()).statusCode).toBe(401);
    expect((await sample(harness.cookie('student'))).statusCode).toBe(403);
    expect((await sample(harness.cookie('staff'))).statusCode).toBe(200);
  });
});

describe('GET /api/exams/download/sample/spreadsheet', () => {
  const download = (query: string) => asAdmin('GET', `/api/exams/download/sample/spreadsheet?${query}`);

  for (const template of ['regular', 'with-solution'] as const) {
    for (const answerInIndex of [false, true]) {
      it(`gives a ${template} workbook (answers as option ${answerInIndex ? 'numbers' : 'texts'}) that reads back and uploads without issues`, async () => {
        const response = await download(`template=${template}${answerInIndex ? '&answerInIndex=true' : ''}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(XLSX_TYPE);
        const fileName = `questions-${template}-answer-${answerInIndex ? 'number' : 'text'}.xlsx`;
        expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);

        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
        const sheet = workbook.worksheets[0]!;
        expect(sheet.name).toBe('Questions');
        expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(template === 'regular' ? REGULAR : WITH_SOLUTION);
        expect(sheet.getRow(3).getCell(2).value).toBe(CAPITAL);
        expect(sheet.getRow(3).getCell(7).value).toBe(answerInIndex ? 2 : 'തിരുവനന്തപുരം');
        expect(workbook.worksheets[1]!.name).toBe('How to fill');

        const result = await imported(response.rawPayload, { fileName, template, answerInIndex: String(answerInIndex) });
        expect(result.issues).toEqual([]);
        expect(summary(result.output)).toEqual([
          {
            title: 'General Knowledge',
            questions: [
              ['Which is the longest river in Kerala?', ['Periyar', 'Bharathapuzha', 'Pamba', 'Chaliyar'], 0],
              [CAPITAL, CAPITAL_OPTIONS, 1],
            ],
          },
          {
            title: 'Mathematics',
            questions: [
              ['What is 15% of 200?', ['20', '25', '30', '35'], 2],
              ['The square root of 144 is 12.', ['True', 'False'], 0],
            ],
          },
        ]);
        expect(result.output[0]!.questions[1]!.solution).toBe(template === 'with-solution' ? 'തിരുവനന്തപുരം ആണ് കേരളത്തിന്റെ തലസ്ഥാനം.' : '');
        // The sample does not fit the other answer mode: each of its answers is reported.
        const otherMode = await imported(response.rawPayload, { template, answerInIndex: String(!answerInIndex) });
        expect(otherMode.issues.map((issue) => [issue.row, issue.column])).toEqual([
          [2, 'Answer'],
          [3, 'Answer'],
          [4, 'Answer'],
          [5, 'Answer'],
        ]);
      });
    }

    it(`gives a ${template} CSV in UTF-8 with a byte-order mark that uploads without issues`, async () => {
      const response = await download(`template=${template}&format=csv`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="questions-${template}-answer-text.csv"`);
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const records = parse(response.rawPayload, { bom: true }) as string[][];
      expect(records[0]).toEqual(template === 'regular' ? REGULAR : WITH_SOLUTION);
      expect(sameBytes(records[2]![1]!, CAPITAL)).toBe(true);
      const result = await imported(response.rawPayload, { template, answerInIndex: 'false' });
      expect(result.issues).toEqual([]);
      expect(result.output.flatMap((group) => group.questions)).toHaveLength(4);
    });
  }

  it('needs a known template', async () => {
    const response = await download('template=mock-test');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Choose the template: regular or with-solution');
  });
});
