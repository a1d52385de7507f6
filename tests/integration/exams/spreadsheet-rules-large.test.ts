import { describe, expect, it } from 'vitest';
import { checkQuestionSpreadsheet, sampleHeaders, type SheetRow } from '../../../shared/exams/spreadsheet.rules.ts';

/** More rows than one call can take as spread arguments (Math.max(...rows) overflowed the stack at 588,657). */
const ROWS = 600_000;

function sheet(header: string[], count: number): SheetRow[] {
  const rows: SheetRow[] = [{ row: 1, cells: header }];
  for (let i = 0; i < count; i += 1) rows.push({ row: i + 2, cells: ['G', `Q${i}`, 'a', 'b', '', '', '1'] });
  return rows;
}

describe('checkQuestionSpreadsheet on more rows than a spread can take', () => {
  it('reads the header row and reports a header problem', () => {
    const result = checkQuestionSpreadsheet(sheet(['Group', 'Question'], ROWS), { template: 'regular', answerInIndex: true });
    expect(result.hasIssues).toBe(true);
    // Columns C, D and G have values under an empty header; the required options and answer are missing.
    expect(result.issues.map((issue) => issue.column)).toEqual([null, null, null, 'Option 1', 'Option 2', 'Option 3', 'Option 4', 'Answer']);
    expect(result.issues[0]!.message).toBe('Row 1, column C: the column has no header but row 2 has a value in it; name the column or clear it');
  });

  it('reports more questions than an exam holds', () => {
    const result = checkQuestionSpreadsheet(sheet(sampleHeaders('regular'), ROWS), { template: 'regular', answerInIndex: true });
    expect(result.issues).toEqual([
      {
        row: 5002,
        column: null,
        message: 'The spreadsheet has 6,00,000 questions, more than the 5,000 an exam can hold; remove 5,95,000 questions or split them between exams',
      },
    ]);
  });
});
