import { describe, expect, it } from 'vitest';
import { MAX_QUESTIONS_PER_EXAM } from '../../../../shared/exams/exam.constants.ts';
import { questionGroupSchema } from '../../../../shared/exams/exams.schema.ts';
import {
  checkQuestionSpreadsheet,
  columnLetter,
  MAX_LISTED_ISSUES,
  sampleHeaders,
  type SheetRow,
  type SpreadsheetImportOptions,
} from '../../../../shared/exams/spreadsheet.rules.ts';

const REGULAR = ['Group', 'Question', 'Option 1', 'Option 2', 'Option 3', 'Option 4', 'Answer', 'Tag 1', 'Tag 2', 'Tag 3', 'Tag 4', 'Tag 5'];
const WITH_SOLUTION = [...REGULAR, 'Solution'];

/** Rows numbered as a spreadsheet shows them: the first is row 1. */
function sheet(...rows: string[][]): SheetRow[] {
  return rows.map((cells, index) => ({ row: index + 1, cells }));
}

let counter = 0;
const byIndex: SpreadsheetImportOptions = { template: 'regular', answerInIndex: true, createId: () => `id-${++counter}` };
const byText: SpreadsheetImportOptions = { ...byIndex, answerInIndex: false };

/** A regular-template row: group, question, four options, answer. */
const row = (group: string, question: string, options: string[], answer: string, tags: string[] = []) => [
  group,
  question,
  ...[...options, '', '', '', ''].slice(0, 4),
  answer,
  ...[...tags, '', '', '', '', ''].slice(0, 5),
];

describe('the template columns', () => {
  it('are Group, Question, Option 1 to 4, Answer and Tag 1 to 5, plus Solution for with-solution', () => {
    expect(sampleHeaders('regular')).toEqual(REGULAR);
    expect(sampleHeaders('with-solution')).toEqual(WITH_SOLUTION);
  });

  it('names spreadsheet columns by letter', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

describe('checkQuestionSpreadsheet', () => {
  it('builds question groups in order of first appearance; a blank Group continues the group above', () => {
    const result = checkQuestionSpreadsheet(
      sheet(
        REGULAR,
        row('History', 'Who founded the SNDP Yogam?', ['Sree Narayana Guru', 'Chattampi Swamikal', 'Ayyankali', 'Mannathu Padmanabhan'], '1', [
          'Kerala',
          'Reformers',
        ]),
        row('', 'In which year was the Vaikom Satyagraha?', ['1924', '1930', '1936', '1947'], '1'),
        row('Geography', 'കേരളത്തിലെ ഏറ്റവും നീളം കൂടിയ നദി ഏത്?', ['പെരിയാർ', 'ഭാരതപ്പുഴ', 'പമ്പ', 'ചാലിയാർ'], '1'),
        row(' history ', 'Who led the Malayali Memorial?', ['G. P. Pillai', 'Barrister G. P. Pillai', 'C. V. Raman Pillai', 'K. P. Sankara Menon'], '3'),
      ),
      byIndex,
    );
    expect(result.issues).toEqual([]);
    expect(result.hasIssues).toBe(false);
    expect(result.output.map((group) => [group.title, group.questions.map((q) => q.question)])).toEqual([
      ['History', ['Who founded the SNDP Yogam?', 'In which year was the Vaikom Satyagraha?', 'Who led the Malayali Memorial?']],
      ['Geography', ['കേരളത്തിലെ ഏറ്റവും നീളം കൂടിയ നദി ഏത്?']],
    ]);
    const [history] = result.output;
    expect(history).toMatchObject({ durationInMins: 40, hasTimeRestriction: false });
    expect(history!.questions[0]).toEqual({
      resId: expect.stringMatching(/^id-/),
      question: 'Who founded the SNDP Yogam?',
      options: ['Sree Narayana Guru', 'Chattampi Swamikal', 'Ayyankali', 'Mannathu Padmanabhan'],
      correctAnswerIndex: 0,
      isVoided: false,
      questionMimeType: 'text',
      bannerImageId: null,
      bannerImageFizeSizeInBytes: null,
      tag1: 'Kerala',
      tag2: 'Reformers',
      tag3: '',
      tag4: '',
      tag5: '',
      solution: '',
    });
    expect(history!.questions[2]!.correctAnswerIndex).toBe(2);
    for (const group of result.output) expect(questionGroupSchema.parse(group)).toEqual(group);
    const ids = [...result.output.map((g) => g.resId), ...result.output.flatMap((g) => g.questions.map((q) => q.resId))];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('makes fresh random resIds by default', () => {
    const rows = sheet(REGULAR, row('A', 'Q1', ['x', 'y'], '1'), row('', 'Q2', ['x', 'y'], '2'));
    const first = checkQuestionSpreadsheet(rows, { template: 'regular', answerInIndex: true });
    const second = checkQuestionSpreadsheet(rows, { template: 'regular', answerInIndex: true });
    const ids = [first, second].flatMap((r) => r.output.flatMap((g) => [g.resId, ...g.questions.map((q) => q.resId)]));
    expect(new Set(ids).size).toBe(6);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts questions above the first named group into an untitled group', () => {
    const result = checkQuestionSpreadsheet(sheet(REGULAR, row('', 'Q1', ['a', 'b'], '1'), row('Named', 'Q2', ['a', 'b'], '2')), byIndex);
    expect(result.output.map((g) => [g.title, g.questions.length])).toEqual([
      ['', 1],
      ['Named', 1],
    ]);
  });

  it('keeps the text of cells as written, only trimming their ends and making line endings \\n', () => {
    const result = checkQuestionSpreadsheet(
      sheet(REGULAR, row('G', '  Match the following:\r\n(a) ആന  (b) പുലി \n', ['  a-1, b-2 ', 'a-2, b-1'], ' 1 ')),
      byIndex,
    );
    expect(result.output[0]!.questions[0]!.question).toBe('Match the following:\n(a) ആന  (b) പുലി');
    expect(result.output[0]!.questions[0]!.options).toEqual(['a-1, b-2', 'a-2, b-1']);
  });

  describe('headers', () => {
    it('are matched ignoring case, spaces and order', () => {
      const headers = ['  answer ', 'QUESTION', 'option 2', 'Option1', 'OPTION 3', 'Option 4', 'group'];
      const result = checkQuestionSpreadsheet(sheet(headers, ['2', 'Capital of India?', 'New Delhi', 'Mumbai', 'Kolkata', 'Chennai', 'GK']), byIndex);
      expect(result.issues).toEqual([]);
      expect(result.output[0]!.questions[0]).toMatchObject({
        question: 'Capital of India?',
        options: ['Mumbai', 'New Delhi', 'Kolkata', 'Chennai'],
        correctAnswerIndex: 1,
      });
    });

    it('reports each missing column once, on the header row, and reads no rows then', () => {
      const headers = REGULAR.filter((h) => h !== 'Answer' && h !== 'Option 4');
      const rows = sheet(headers, ...Array.from({ length: 20 }, (_, i) => ['G', `Q${i}`, 'a', 'b', 'c', '1']));
      const result = checkQuestionSpreadsheet(rows, byIndex);
      expect(result.hasIssues).toBe(true);
      expect(result.output).toEqual([]);
      expect(result.issues.map((issue) => [issue.row, issue.column])).toEqual([
        [1, 'Option 4'],
        [1, 'Answer'],
      ]);
      expect(result.issues[1]!.message).toBe(
        'Row 1, column "Answer": missing from the header row. The regular template needs the columns Group, Question, Option 1, Option 2, Option 3, Option 4, Answer.',
      );
    });

    it('reports an unknown column once and still checks the rows', () => {
      const rows = sheet([...REGULAR, 'Remarks'], [...row('G', 'Q', ['a', 'b'], '1'), 'from 2019 paper'], [...row('', 'Q2', ['a', 'b'], '3'), 'x']);
      const result = checkQuestionSpreadsheet(rows, byIndex);
      expect(result.issues.map((i) => [i.row, i.column])).toEqual([
        [1, 'Remarks'],
        [3, 'Answer'],
      ]);
      expect(result.issues[0]!.message).toMatch(
        /^Row 1, column "Remarks": not a column of the regular template \(column M\)\. Remove it, or rename it to one of: Group, Question/,
      );
    });

    it('points a Solution column on the regular template to the with-solution template, and the reverse', () => {
      const regular = checkQuestionSpreadsheet(sheet(WITH_SOLUTION, [...row('G', 'Q', ['a', 'b'], '1'), 'because']), byIndex);
      expect(regular.issues).toEqual([
        {
          row: 1,
          column: 'Solution',
          message:
            'Row 1, column "Solution": not a column of the regular template (column M). The with-solution template has this column: choose that template, or remove the column.',
        },
      ]);
      const withSolution = checkQuestionSpreadsheet(sheet(REGULAR, row('G', 'Q', ['a', 'b'], '1')), { ...byIndex, template: 'with-solution' });
      expect(withSolution.issues).toEqual([
        {
          row: 1,
          column: 'Solution',
          message:
            'Row 1, column "Solution": missing from the header row. The with-solution template needs a Solution column; for a spreadsheet without solutions choose the regular template.',
        },
      ]);
    });

    it('reports a column given twice and a column with values but no header', () => {
      const rows = sheet([...REGULAR, 'question', ''], [...row('G', 'Q', ['a', 'b'], '1'), 'again', ''], [...row('', 'Q2', ['a', 'b'], '1'), '', 'stray note']);
      const result = checkQuestionSpreadsheet(rows, byIndex);
      expect(result.issues.map((i) => i.message)).toEqual([
        'Row 1, column "Question": appears twice (columns B and M); keep one',
        'Row 1, column N: the column has no header but row 3 has a value in it; name the column or clear it',
      ]);
    });

    it('takes the first non-empty row as the header and skips empty rows, keeping the spreadsheet row numbers', () => {
      const rows = sheet(['', ''], REGULAR, row('G', 'Q1', ['a', 'b'], '1'), ['  ', '', ''], [], row('', '', ['a', 'b'], '1'));
      const result = checkQuestionSpreadsheet(rows, byIndex);
      expect(result.issues).toEqual([{ row: 6, column: 'Question', message: 'Row 6, column "Question": the question is missing' }]);
      expect(result.output[0]!.questions.map((q) => q.question)).toEqual(['Q1']);
    });
  });

  describe('rows', () => {
    it('need the question text', () => {
      const result = checkQuestionSpreadsheet(sheet(REGULAR, row('G', ' ', ['a', 'b'], '1')), byIndex);
      expect(result.issues).toEqual([{ row: 2, column: 'Question', message: 'Row 2, column "Question": the question is missing' }]);
      expect(result.output).toEqual([]);
    });

    it('need at least two options', () => {
      const result = checkQuestionSpreadsheet(sheet(REGULAR, row('G', 'Q', ['only'], '1'), row('G', 'Q', [], '1')), byIndex);
      expect(result.issues.map((i) => i.message)).toEqual([
        'Row 2, column "Option 2": a question needs at least two options',
        'Row 3, column "Option 1": a question needs at least two options',
        'Row 3, column "Answer": 1 is not one of this question\'s options (counted from 1)',
      ]);
    });

    it('take options from Option 1 without gaps', () => {
      const result = checkQuestionSpreadsheet(sheet(REGULAR, row('G', 'Q', ['a', '', 'c', 'd'], '1')), byIndex);
      expect(result.issues.map((i) => i.message)).toEqual([
        'Row 2, column "Option 2": this option is blank but a later one is filled in; fill the options from Option 1 without gaps',
      ]);
    });

    it('accept two or three options and Option 5 to Option 10 for more', () => {
      const headers = [...REGULAR, 'Option 5', 'Option 6', 'Option 7', 'Option 8', 'Option 9', 'Option 10'];
      const ten = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
      const result = checkQuestionSpreadsheet(
        sheet(
          headers,
          [...row('G', 'True or false: Kerala was formed in 1956.', ['True', 'False'], '1'), '', '', '', '', '', ''],
          [...row('', 'Pick three', ['x', 'y', 'z'], '3'), '', '', '', '', '', ''],
          [...row('', 'Which number is 10?', ten.slice(0, 4), '10'), ...ten.slice(4)],
        ),
        byIndex,
      );
      expect(result.issues).toEqual([]);
      expect(result.output[0]!.questions.map((q) => [q.options.length, q.correctAnswerIndex])).toEqual([
        [2, 0],
        [3, 2],
        [10, 9],
      ]);
    });

    it('refuse the same option twice', () => {
      const result = checkQuestionSpreadsheet(sheet(REGULAR, row('G', 'Q', ['Kochi', 'Thrissur', ' kochi ', 'Kannur'], '2')), byIndex);
      expect(result.issues.map((i) => i.message)).toEqual(['Row 2, column "Option 3": the same text as Option 1; each option must be different']);
    });

    it('refuse cells showing a spreadsheet error', () => {
      const result = checkQuestionSpreadsheet(sheet(REGULAR, row('G', 'Q', ['a', '#N/A'], '1')), byIndex);
      expect(result.issues.map((i) => [i.row, i.column, i.message])).toEqual([
        [2, 'Option 2', 'Row 2, column "Option 2": the cell shows the spreadsheet error #N/A; fix the formula or type the value'],
      ]);
    });

    it('refuse texts longer than a question can hold', () => {
      const result = checkQuestionSpreadsheet(
        sheet(REGULAR, row('G'.repeat(301), 'Q'.repeat(20_001), ['a'.repeat(5_001), 'b'], '2', ['t'.repeat(201)]), row('', 'Q2', ['a', 'b'], '1')),
        byIndex,
      );
      expect(result.issues.map((i) => i.column)).toEqual(['Group', 'Question', 'Option 1', 'Tag 1']);
      expect(result.issues[1]!.message).toBe('Row 2, column "Question": 20,001 characters, more than the 20,000 allowed');
      // The next row continues the group; the output stays valid.
      expect(result.output).toHaveLength(1);
      expect(questionGroupSchema.safeParse(result.output[0]).success).toBe(true);
    });

    it('need a solution on the with-solution template and keep it', () => {
      const options: SpreadsheetImportOptions = { ...byIndex, template: 'with-solution' };
      const result = checkQuestionSpreadsheet(
        sheet(WITH_SOLUTION, [...row('G', 'Q1', ['a', 'b'], '1'), 'Because a.'], [...row('', 'Q2', ['a', 'b'], '2'), '']),
        options,
      );
      expect(result.issues).toEqual([
        { row: 3, column: 'Solution', message: 'Row 3, column "Solution": the solution is missing; the with-solution template needs one for every question' },
      ]);
      expect(result.output[0]!.questions.map((q) => [q.question, q.solution])).toEqual([['Q1', 'Because a.']]);
    });

    it('still return the groups of the rows without issues', () => {
      const result = checkQuestionSpreadsheet(
        sheet(REGULAR, row('A', 'Good', ['a', 'b'], '1'), row('B', 'Bad', ['a', 'b'], ''), row('', 'Good too', ['a', 'b'], '2')),
        byIndex,
      );
      expect(result.hasIssues).toBe(true);
      expect(result.output.map((g) => [g.title, g.questions.map((q) => q.question)])).toEqual([
        ['A', ['Good']],
        ['B', ['Good too']],
      ]);
    });
  });

  describe('the answer as an option number (answer in index on)', () => {
    const answer = (value: string, options = ['a', 'b', 'c', 'd']) => checkQuestionSpreadsheet(sheet(REGULAR, row('G', 'Q', options, value)), byIndex);

    it('counts from 1, accepting whole numbers written as 3.0', () => {
      expect(answer('1').output[0]!.questions[0]!.correctAnswerIndex).toBe(0);
      expect(answer('4').output[0]!.questions[0]!.correctAnswerIndex).toBe(3);
      expect(answer('3.0').output[0]!.questions[0]!.correctAnswerIndex).toBe(2);
    });

    it('refuses a missing answer, a number outside the options, a letter and text', () => {
      expect(answer('').issues[0]!.message).toBe('Row 2, column "Answer": the answer is missing; write the number of the correct option (1 to 4)');
      expect(answer('0').issues[0]!.message).toBe('Row 2, column "Answer": 0 is not one of this question\'s options (1 to 4)');
      expect(answer('3', ['a', 'b']).issues[0]!.message).toBe('Row 2, column "Answer": 3 is not one of this question\'s options (1 to 2)');
      expect(answer('2.5').issues[0]!.message).toBe(
        'Row 2, column "Answer": "2.5" is not an option number; with "answer in index" on, write the number of the correct option (1 to 4)',
      );
      expect(answer('B').issues[0]!.message).toBe(
        'Row 2, column "Answer": "B" is not an option number; with "answer in index" on, write the number of the correct option (1 to 4)',
      );
      expect(answer('a').issues).toHaveLength(1);
      for (const value of ['', '0', 'B']) expect(answer(value).output).toEqual([]);
    });
  });

  describe('the answer as the text of the correct option (answer in index off)', () => {
    const answer = (value: string, options = ['Periyar', 'Bharathapuzha', 'Pamba', 'Chaliyar']) =>
      checkQuestionSpreadsheet(sheet(REGULAR, row('G', 'Longest river of Kerala?', options, value)), byText);

    it('matches the option text ignoring case and extra spaces', () => {
      expect(answer('Periyar').output[0]!.questions[0]!.correctAnswerIndex).toBe(0);
      expect(answer('  pamba ').output[0]!.questions[0]!.correctAnswerIndex).toBe(2);
      expect(answer('ഭാരതപ്പുഴ', ['പെരിയാർ', 'ഭാരതപ്പുഴ', 'പമ്പ', 'ചാലിയാർ']).output[0]!.questions[0]!.correctAnswerIndex).toBe(1);
    });

    it('matches numbers written as options', () => {
      expect(answer('1947', ['1942', '1947', '1950', '1956']).output[0]!.questions[0]!.correctAnswerIndex).toBe(1);
    });

    it('refuses an answer that is no option, suggesting the number mode for numbers and letters', () => {
      expect(answer('').issues[0]!.message).toBe('Row 2, column "Answer": the answer is missing; write the text of the correct option');
      expect(answer('Nila').issues[0]!.message).toBe(
        'Row 2, column "Answer": "Nila" is not the text of any option; with "answer in index" off, write the correct option\'s text exactly as in its Option column.',
      );
      const hint = ' To give the option by its number, turn "answer in index" on and write 1 for Option 1.';
      expect(answer('2').issues[0]!.message.endsWith(hint)).toBe(true);
      expect(answer('B').issues[0]!.message.endsWith(hint)).toBe(true);
      expect(answer('7').issues[0]!.message.endsWith(hint)).toBe(false);
      expect(answer('2').output).toEqual([]);
    });
  });

  describe('limits', () => {
    const rowsOf = (count: number) =>
      sheet(REGULAR, ...Array.from({ length: count }, (_, i) => row(i === 0 ? 'All' : '', `Question ${i + 1}`, ['a', 'b'], '1')));

    it(`accepts ${MAX_QUESTIONS_PER_EXAM} questions`, () => {
      const result = checkQuestionSpreadsheet(rowsOf(MAX_QUESTIONS_PER_EXAM), byIndex);
      expect(result.issues).toEqual([]);
      expect(result.output[0]!.questions).toHaveLength(MAX_QUESTIONS_PER_EXAM);
    });

    it(`refuses ${MAX_QUESTIONS_PER_EXAM + 1} questions with an issue at the first row too many`, () => {
      const result = checkQuestionSpreadsheet(rowsOf(MAX_QUESTIONS_PER_EXAM + 1), byIndex);
      expect(result.hasIssues).toBe(true);
      expect(result.issues).toEqual([
        {
          row: 5002,
          column: null,
          message: 'The spreadsheet has 5,001 questions, more than the 5,000 an exam can hold; remove 1 question or split them between exams',
        },
      ]);
      expect(result.output[0]!.questions).toHaveLength(MAX_QUESTIONS_PER_EXAM);
      expect(questionGroupSchema.safeParse(result.output[0]).success).toBe(true);
    });

    it(`lists at most ${MAX_LISTED_ISSUES} issues and counts the rest`, () => {
      const rows = sheet(REGULAR, ...Array.from({ length: 600 }, (_, i) => row('G', `Q${i}`, ['a', 'b'], '')));
      const result = checkQuestionSpreadsheet(rows, byIndex);
      expect(result.issues).toHaveLength(MAX_LISTED_ISSUES + 1);
      expect(result.issues[MAX_LISTED_ISSUES - 1]!.row).toBe(501);
      expect(result.issues.at(-1)).toEqual({ row: null, column: null, message: '100 more issues are not listed; fix these and upload the spreadsheet again' });
    });

    it('reports an empty spreadsheet and one with only the header', () => {
      expect(checkQuestionSpreadsheet([], byIndex).issues).toEqual([
        {
          row: null,
          column: null,
          message:
            'The spreadsheet is empty: the first row must hold the column headers (Group, Question, Option 1, Option 2, Option 3, Option 4, Answer, Tag 1, Tag 2, Tag 3, Tag 4, Tag 5)',
        },
      ]);
      const headerOnly = checkQuestionSpreadsheet(sheet(REGULAR, []), byIndex);
      expect(headerOnly).toEqual({
        hasIssues: true,
        issues: [{ row: null, column: null, message: 'The spreadsheet has no questions: write one question per row under the header row' }],
        output: [],
      });
    });
  });
});
