import { describe, expect, it } from 'vitest';
import { MAX_QUESTIONS_PER_EXAM } from '../../../shared/exams/exam.constants.ts';
import { CSV_PIECE_BYTES, readCsvRows } from '../../../server/exams/spreadsheet/read-csv.ts';
import { MAX_FILLED_ROWS, TOO_MANY_ROWS_MESSAGE } from '../../../server/exams/spreadsheet/row-limit.ts';
import { refusal } from '../../support/rejection.ts';

describe('readCsvRows', () => {
  it('numbers rows as a spreadsheet shows them and leaves out the empty ones', async () => {
    const csv = Buffer.from('\uFEFFGroup;Question\r\nG;"Two\r\nlines"\r\n\r\n ; \r\n;Q3\r\n');
    expect(await readCsvRows(csv)).toEqual([
      { row: 1, cells: ['Group', 'Question'] },
      { row: 2, cells: ['G', 'Two\r\nlines'] },
      { row: 5, cells: ['', 'Q3'] },
    ]);
  });

  it('keeps Malayalam byte for byte where the file is cut into pieces inside a character', async () => {
    const text = 'കേരളത്തിന്റെ തലസ്ഥാനം ഏത്? '.repeat(400);
    const lines = Array.from({ length: 40 }, (_, i) => `G${i},${text}${i}`);
    const content = Buffer.from(`Group,Question\n${lines.join('\n')}\n`);
    const insideCharacter = (at: number) => (content[at]! & 0xc0) === 0x80;
    expect(Array.from({ length: Math.floor(content.length / CSV_PIECE_BYTES) }, (_, i) => insideCharacter((i + 1) * CSV_PIECE_BYTES))).toContain(true);
    const rows = await readCsvRows(content);
    expect(rows).toHaveLength(41);
    rows.slice(1).forEach((row, i) => expect(Buffer.from(row.cells[1]!).equals(Buffer.from(`${text}${i}`))).toBe(true));
  });

  it(`reads the header and ${MAX_QUESTIONS_PER_EXAM.toLocaleString('en-IN')} questions, empty lines not counted`, async () => {
    const csv = Buffer.from(`Question\n${'Q\n\n'.repeat(MAX_QUESTIONS_PER_EXAM)}`);
    const rows = await readCsvRows(csv);
    expect(rows).toHaveLength(MAX_FILLED_ROWS);
    expect(rows.at(-1)).toEqual({ row: 2 * MAX_QUESTIONS_PER_EXAM, cells: ['Q'] });
  });

  it('stops reading once past the row limit: a broken quote further down is never reached', async () => {
    const broken = Buffer.from(`Question\n${'Q\n'.repeat(1_000_000)}"never closed\n`);
    expect(await refusal(readCsvRows(broken))).toMatchObject({ message: TOO_MANY_ROWS_MESSAGE, statusCode: 400 });
    // Within the limit, the same quote is reached and reported with its row.
    const short = Buffer.from(`Question\n${'Q\n'.repeat(10)}"never closed\n`);
    expect(await refusal(readCsvRows(short))).toMatchObject({
      message: 'The CSV file could not be read: a quoted cell in row 12 is never closed. Check the quotes (") in that row.',
      statusCode: 400,
    });
  });
});
