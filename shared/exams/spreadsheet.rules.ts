import {
  DEFAULT_GROUP_DURATION_IN_MINS,
  DEFAULT_OPTION_COUNT,
  MAX_OPTION_COUNT,
  MAX_QUESTIONS_PER_EXAM,
  QUESTION_TAG_KEYS,
  type ImportTemplate,
} from './exam.constants.ts';
import type { Question, QuestionGroup } from './exams.schema.ts';

/**
 * The question spreadsheet: its columns, how each row becomes a question, and the import modes.
 *
 * One question per row under a header row. Columns are found by their header (letter case,
 * spaces and order do not matter):
 *
 *   Group | Question | Option 1 … Option 4 | Answer | Tag 1 … Tag 5 | Solution (with-solution only)
 *
 * Option 5 to Option 10 may be added for questions with more options; Tag columns may be left
 * out. Answer holds the option's number counted from 1 when "answer in index" is on, otherwise
 * the text of the correct option. Letters (A, B, …) are not accepted in either mode: a letter
 * could equally be the text of an option, and guessing would import wrong answers.
 */

export const SPREADSHEET_MAX_MB = 10;
export const SPREADSHEET_MAX_BYTES = SPREADSHEET_MAX_MB * 1024 * 1024;
/** Past this many, the issues are summarised in one last line so the answer stays readable. */
export const MAX_LISTED_ISSUES = 500;

/** Longest texts a question may hold (the limits of questionSchema and questionGroupSchema). */
export const SPREADSHEET_TEXT_LIMITS = { group: 300, question: 20_000, option: 5_000, tag: 200, solution: 20_000 } as const;

export const SPREADSHEET_HEADERS = {
  group: 'Group',
  question: 'Question',
  answer: 'Answer',
  solution: 'Solution',
  option: (n: number) => `Option ${n}`,
  tag: (n: number) => `Tag ${n}`,
} as const;

export type SpreadsheetField =
  { kind: 'group' } | { kind: 'question' } | { kind: 'option'; index: number } | { kind: 'answer' } | { kind: 'tag'; index: number } | { kind: 'solution' };

export interface SpreadsheetColumn {
  header: string;
  /** Required columns must be in the header row; the others may be left out. */
  required: boolean;
  /** Shown in the sample spreadsheet. */
  inSample: boolean;
  field: SpreadsheetField;
}

/** Every column a template knows, in the order of the sample spreadsheet. */
export function templateColumns(template: ImportTemplate): SpreadsheetColumn[] {
  const columns: SpreadsheetColumn[] = [
    { header: SPREADSHEET_HEADERS.group, required: true, inSample: true, field: { kind: 'group' } },
    { header: SPREADSHEET_HEADERS.question, required: true, inSample: true, field: { kind: 'question' } },
  ];
  for (let index = 0; index < MAX_OPTION_COUNT; index += 1) {
    const standard = index < DEFAULT_OPTION_COUNT;
    columns.push({ header: SPREADSHEET_HEADERS.option(index + 1), required: standard, inSample: standard, field: { kind: 'option', index } });
  }
  columns.push({ header: SPREADSHEET_HEADERS.answer, required: true, inSample: true, field: { kind: 'answer' } });
  QUESTION_TAG_KEYS.forEach((_key, index) => {
    columns.push({ header: SPREADSHEET_HEADERS.tag(index + 1), required: false, inSample: true, field: { kind: 'tag', index } });
  });
  if (template === 'with-solution') {
    columns.push({ header: SPREADSHEET_HEADERS.solution, required: true, inSample: true, field: { kind: 'solution' } });
  }
  return columns;
}

/** The headers of a template's sample spreadsheet, in order. */
export function sampleHeaders(template: ImportTemplate): string[] {
  return templateColumns(template)
    .filter((column) => column.inSample)
    .map((column) => column.header);
}

/** One row of a sheet as read from the file: its spreadsheet row number (the header is row 1) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: readonly string[];
}

export interface SpreadsheetIssue {
  /** The spreadsheet row number (the header is row 1); null for the file as a whole. */
  row: number | null;
  /** The column's header; null when the issue is not about one column. */
  column: string | null;
  message: string;
}

export interface SpreadsheetImportResult {
  hasIssues: boolean;
  issues: SpreadsheetIssue[];
  /** The question groups of the rows without issues; imported only when there are no issues at all. */
  output: QuestionGroup[];
}

export interface SpreadsheetImportOptions {
  template: ImportTemplate;
  /** true: Answer holds the option's number counted from 1; false: the text of the correct option. */
  answerInIndex: boolean;
  /** Makes the resIds of new groups and questions (a random UUID by default). */
  createId?: () => string;
}

/** A (spreadsheet) column letter: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** How headers are compared: case, spaces and underscores do not matter ("OPTION_1" is "Option 1"). */
function headerKey(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s_]+/g, '');
}

/** How answers and group names are compared with each other: case and extra spaces do not matter. */
function matchKey(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A cell's text as stored: line endings made \n, outer spaces removed; inner text is kept byte for byte. */
function cellText(raw: string | undefined): string {
  return (raw ?? '').replace(/\r\n?/g, '\n').trim();
}

const SPREADSHEET_ERRORS = new Set(['#N/A', '#REF!', '#NAME?', '#DIV/0!', '#NULL!', '#VALUE!', '#NUM!', '#SPILL!', '#CALC!', '#GETTING_DATA']);

const formatCount = (n: number) => n.toLocaleString('en-IN');

function issueAt(row: number, column: string, text: string): SpreadsheetIssue {
  return { row, column, message: `Row ${row}, column "${column}": ${text}` };
}

function listOf(headers: readonly string[]): string {
  return headers.join(', ');
}

interface HeaderMap {
  /** Column position of each known column found in the header row, by header. */
  positions: Map<string, number>;
  issues: SpreadsheetIssue[];
  /** False when a required column is missing: the rows cannot be read then. */
  usable: boolean;
}

function readHeader(header: SheetRow, rows: readonly SheetRow[], template: ImportTemplate): HeaderMap {
  const columns = templateColumns(template);
  const byKey = new Map(columns.map((column) => [headerKey(column.header), column]));
  const positions = new Map<string, number>();
  const issues: SpreadsheetIssue[] = [];
  const otherTemplate: ImportTemplate = template === 'regular' ? 'with-solution' : 'regular';
  const otherKeys = new Set(templateColumns(otherTemplate).map((column) => headerKey(column.header)));
  // A loop, not Math.max(...rows): spreading every row into arguments overflows the stack on a large sheet.
  let width = header.cells.length;
  for (const row of rows) width = Math.max(width, row.cells.length);

  for (let position = 0; position < width; position += 1) {
    const text = cellText(header.cells[position]);
    const letter = columnLetter(position);
    if (text === '') {
      const filled = rows.find((row) => cellText(row.cells[position]) !== '');
      if (filled) {
        issues.push({
          row: header.row,
          column: null,
          message: `Row ${header.row}, column ${letter}: the column has no header but row ${filled.row} has a value in it; name the column or clear it`,
        });
      }
      continue;
    }
    const column = byKey.get(headerKey(text));
    if (!column) {
      const hint = otherKeys.has(headerKey(text))
        ? ` The ${otherTemplate} template has this column: choose that template, or remove the column.`
        : ` Remove it, or rename it to one of: ${listOf(sampleHeaders(template))} (Option 5 to Option ${MAX_OPTION_COUNT} may be added).`;
      issues.push(issueAt(header.row, text, `not a column of the ${template} template (column ${letter}).${hint}`));
      continue;
    }
    const earlier = positions.get(column.header);
    if (earlier !== undefined) {
      issues.push(issueAt(header.row, column.header, `appears twice (columns ${columnLetter(earlier)} and ${letter}); keep one`));
      continue;
    }
    positions.set(column.header, position);
  }

  const missing = columns.filter((column) => column.required && !positions.has(column.header));
  for (const column of missing) {
    const hint =
      column.field.kind === 'solution'
        ? ' The with-solution template needs a Solution column; for a spreadsheet without solutions choose the regular template.'
        : ` The ${template} template needs the columns ${listOf(columns.filter((c) => c.required).map((c) => c.header))}.`;
    issues.push(issueAt(header.row, column.header, `missing from the header row.${hint}`));
  }
  return { positions, issues, usable: missing.length === 0 };
}

interface RowOutcome {
  issues: SpreadsheetIssue[];
  groupTitle: string;
  question: Omit<Question, 'resId'>;
}

function checkRow(row: SheetRow, positions: Map<string, number>, options: SpreadsheetImportOptions): RowOutcome {
  const issues: SpreadsheetIssue[] = [];
  const read = (header: string): string => {
    const position = positions.get(header);
    return position === undefined ? '' : cellText(row.cells[position]);
  };
  const limited = (header: string, value: string, limit: number): string => {
    if (value.length > limit) {
      issues.push(issueAt(row.row, header, `${formatCount(value.length)} characters, more than the ${formatCount(limit)} allowed`));
    }
    return value;
  };

  // A cell showing a spreadsheet error (a broken formula) would be imported as its error text.
  for (const header of positions.keys()) {
    const value = read(header);
    if (SPREADSHEET_ERRORS.has(value.toUpperCase())) {
      issues.push(issueAt(row.row, header, `the cell shows the spreadsheet error ${value}; fix the formula or type the value`));
    }
  }

  const groupTitle = limited(SPREADSHEET_HEADERS.group, read(SPREADSHEET_HEADERS.group), SPREADSHEET_TEXT_LIMITS.group);
  const text = limited(SPREADSHEET_HEADERS.question, read(SPREADSHEET_HEADERS.question), SPREADSHEET_TEXT_LIMITS.question);
  if (text === '') issues.push(issueAt(row.row, SPREADSHEET_HEADERS.question, 'the question is missing'));

  // Options are read from Option 1 up to the last one filled in; a blank one before it is a gap.
  const optionCells: string[] = [];
  for (let index = 0; index < MAX_OPTION_COUNT; index += 1) {
    const header = SPREADSHEET_HEADERS.option(index + 1);
    optionCells.push(limited(header, read(header), SPREADSHEET_TEXT_LIMITS.option));
  }
  let optionCount = 0;
  optionCells.forEach((value, index) => {
    if (value !== '') optionCount = index + 1;
  });
  const optionsOut = optionCells.slice(0, optionCount);
  optionsOut.forEach((value, index) => {
    const header = SPREADSHEET_HEADERS.option(index + 1);
    if (value === '') {
      issues.push(issueAt(row.row, header, 'this option is blank but a later one is filled in; fill the options from Option 1 without gaps'));
      return;
    }
    const same = optionsOut.findIndex((other) => other !== '' && matchKey(other) === matchKey(value));
    if (same < index) issues.push(issueAt(row.row, header, `the same text as Option ${same + 1}; each option must be different`));
  });
  const filledCount = optionsOut.filter((value) => value !== '').length;
  if (filledCount < 2) {
    issues.push(issueAt(row.row, SPREADSHEET_HEADERS.option(filledCount + 1), 'a question needs at least two options'));
  }

  const answer = read(SPREADSHEET_HEADERS.answer);
  const correctAnswerIndex = answerIndexOf(row.row, answer, optionsOut, options.answerInIndex, issues);

  const tags = QUESTION_TAG_KEYS.map((_key, index) => {
    const header = SPREADSHEET_HEADERS.tag(index + 1);
    return limited(header, read(header), SPREADSHEET_TEXT_LIMITS.tag);
  });

  let solution = '';
  if (options.template === 'with-solution') {
    solution = limited(SPREADSHEET_HEADERS.solution, read(SPREADSHEET_HEADERS.solution), SPREADSHEET_TEXT_LIMITS.solution);
    if (solution === '') {
      issues.push(issueAt(row.row, SPREADSHEET_HEADERS.solution, 'the solution is missing; the with-solution template needs one for every question'));
    }
  }

  return {
    issues,
    groupTitle,
    question: {
      question: text,
      options: optionsOut,
      correctAnswerIndex,
      isVoided: false,
      questionMimeType: 'text',
      bannerImageId: null,
      bannerImageFizeSizeInBytes: null,
      tag1: tags[0] ?? '',
      tag2: tags[1] ?? '',
      tag3: tags[2] ?? '',
      tag4: tags[3] ?? '',
      tag5: tags[4] ?? '',
      solution,
    },
  };
}

/** The zero-based index of the correct option, or -1 with an issue added. */
function answerIndexOf(row: number, answer: string, options: readonly string[], answerInIndex: boolean, issues: SpreadsheetIssue[]): number {
  const column = SPREADSHEET_HEADERS.answer;
  const count = options.length;
  const range = count > 0 ? `1 to ${count}` : 'counted from 1';
  if (answer === '') {
    issues.push(
      issueAt(
        row,
        column,
        answerInIndex
          ? `the answer is missing; write the number of the correct option (${range})`
          : 'the answer is missing; write the text of the correct option',
      ),
    );
    return -1;
  }
  const number = /^\d+(\.0+)?$/.test(answer) ? Number.parseInt(answer, 10) : Number.NaN;
  if (answerInIndex) {
    if (Number.isNaN(number)) {
      issues.push(issueAt(row, column, `"${answer}" is not an option number; with "answer in index" on, write the number of the correct option (${range})`));
      return -1;
    }
    if (number < 1 || number > count || options[number - 1] === '') {
      issues.push(issueAt(row, column, `${answer} is not one of this question's options (${range})`));
      return -1;
    }
    return number - 1;
  }
  const key = matchKey(answer);
  const index = options.findIndex((option) => option !== '' && matchKey(option) === key);
  if (index >= 0) return index;
  const looksLikePosition = (number >= 1 && number <= count) || (/^[a-j]$/i.test(answer) && answer.toUpperCase().charCodeAt(0) - 64 <= count);
  const hint = looksLikePosition ? ' To give the option by its number, turn "answer in index" on and write 1 for Option 1.' : '';
  issues.push(
    issueAt(
      row,
      column,
      `"${answer}" is not the text of any option; with "answer in index" off, write the correct option's text exactly as in its Option column.${hint}`,
    ),
  );
  return -1;
}

/**
 * Checks the rows of a question spreadsheet and builds the question groups it holds.
 *
 * The first non-empty row is the header. Empty rows are skipped. Rows are grouped by the Group
 * column in order of first appearance (names compared ignoring case and extra spaces); a blank
 * Group continues the group above. Every issue names its row and column. When there are issues
 * the groups of the rows without issues are still returned, but `hasIssues` is true and the
 * console does not import them.
 */
export function checkQuestionSpreadsheet(rows: readonly SheetRow[], options: SpreadsheetImportOptions): SpreadsheetImportResult {
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID());
  const filled = rows.filter((row) => row.cells.some((cell) => cellText(cell) !== ''));
  const [header, ...dataRows] = filled;
  if (!header) {
    return finish(
      [
        {
          row: null,
          column: null,
          message: `The spreadsheet is empty: the first row must hold the column headers (${listOf(sampleHeaders(options.template))})`,
        },
      ],
      [],
    );
  }
  const { positions, issues, usable } = readHeader(header, dataRows, options.template);
  if (!usable) return finish(issues, []);
  if (dataRows.length === 0) {
    issues.push({ row: null, column: null, message: 'The spreadsheet has no questions: write one question per row under the header row' });
    return finish(issues, []);
  }
  if (dataRows.length > MAX_QUESTIONS_PER_EXAM) {
    const extra = dataRows.length - MAX_QUESTIONS_PER_EXAM;
    issues.push({
      row: dataRows[MAX_QUESTIONS_PER_EXAM]?.row ?? null,
      column: null,
      message:
        `The spreadsheet has ${formatCount(dataRows.length)} questions, more than the ${formatCount(MAX_QUESTIONS_PER_EXAM)} an exam can hold; ` +
        `remove ${formatCount(extra)} ${extra === 1 ? 'question' : 'questions'} or split them between exams`,
    });
  }

  const groups: QuestionGroup[] = [];
  const groupsByKey = new Map<string, QuestionGroup>();
  let current: QuestionGroup | undefined;
  let imported = 0;
  for (const row of dataRows) {
    const outcome = checkRow(row, positions, options);
    issues.push(...outcome.issues);
    if (outcome.groupTitle !== '') {
      const key = matchKey(outcome.groupTitle);
      current = groupsByKey.get(key);
      if (!current) {
        // An over-long title is already an issue of its row; cut it so the other rows' output stays valid.
        current = {
          resId: createId(),
          title: outcome.groupTitle.slice(0, SPREADSHEET_TEXT_LIMITS.group),
          questions: [],
          durationInMins: DEFAULT_GROUP_DURATION_IN_MINS,
          hasTimeRestriction: false,
        };
        groupsByKey.set(key, current);
        groups.push(current);
      }
    } else if (!current) {
      // Questions above the first named group go into a group without a title.
      current = { resId: createId(), title: '', questions: [], durationInMins: DEFAULT_GROUP_DURATION_IN_MINS, hasTimeRestriction: false };
      groupsByKey.set('', current);
      groups.push(current);
    }
    if (outcome.issues.length === 0 && imported < MAX_QUESTIONS_PER_EXAM) {
      current.questions.push({ resId: createId(), ...outcome.question });
      imported += 1;
    }
  }
  return finish(
    issues,
    groups.filter((group) => group.questions.length > 0),
  );
}

function finish(issues: SpreadsheetIssue[], output: QuestionGroup[]): SpreadsheetImportResult {
  if (issues.length <= MAX_LISTED_ISSUES) return { hasIssues: issues.length > 0, issues, output };
  const rest = issues.length - MAX_LISTED_ISSUES;
  return {
    hasIssues: true,
    issues: [
      ...issues.slice(0, MAX_LISTED_ISSUES),
      {
        row: null,
        column: null,
        message: `${formatCount(rest)} more ${rest === 1 ? 'issue is' : 'issues are'} not listed; fix these and upload the spreadsheet again`,
      },
    ],
    output,
  };
}
