import ExcelJS from 'exceljs';
import type { ImportTemplate } from '../../../shared/exams/exam.constants.ts';
import { MAX_OPTION_COUNT, MAX_QUESTIONS_PER_EXAM } from '../../../shared/exams/exam.constants.ts';
import { SPREADSHEET_MAX_MB, templateColumns } from '../../../shared/exams/spreadsheet.rules.ts';

interface SampleQuestion {
  group: string;
  question: string;
  options: Array<string | number>;
  /** The correct option, counted from 1. */
  answer: number;
  tags: string[];
  solution: string;
}

/** Example rows: two groups, a blank Group continuing the one above, Malayalam text, numbers as options, two options. */
export const SAMPLE_QUESTIONS: readonly SampleQuestion[] = [
  {
    group: 'General Knowledge',
    question: 'Which is the longest river in Kerala?',
    options: ['Periyar', 'Bharathapuzha', 'Pamba', 'Chaliyar'],
    answer: 1,
    tags: ['Geography', 'Kerala'],
    solution: 'The Periyar, about 244 km long, is the longest river in Kerala.',
  },
  {
    group: '',
    question: 'കേരളത്തിന്റെ തലസ്ഥാനം ഏത്?',
    options: ['കൊച്ചി', 'തിരുവനന്തപുരം', 'കോഴിക്കോട്', 'തൃശ്ശൂർ'],
    answer: 2,
    tags: ['Kerala'],
    solution: 'തിരുവനന്തപുരം ആണ് കേരളത്തിന്റെ തലസ്ഥാനം.',
  },
  {
    group: 'Mathematics',
    question: 'What is 15% of 200?',
    options: [20, 25, 30, 35],
    answer: 3,
    tags: ['Percentage'],
    solution: '15% of 200 = 15 × 200 ÷ 100 = 30.',
  },
  {
    group: '',
    question: 'The square root of 144 is 12.',
    options: ['True', 'False'],
    answer: 1,
    tags: ['Squares'],
    solution: '12 × 12 = 144.',
  },
];

export interface SampleOptions {
  template: ImportTemplate;
  /** Write the answer as the option's number (true) or as its text (false). */
  answerInIndex: boolean;
}

type SampleCell = string | number;

/** The sample's header and rows, in the template's column order. */
export function sampleTable({ template, answerInIndex }: SampleOptions): SampleCell[][] {
  const columns = templateColumns(template).filter((column) => column.inSample);
  const rows = SAMPLE_QUESTIONS.map((sample) =>
    columns.map((column): SampleCell => {
      switch (column.field.kind) {
        case 'group':
          return sample.group;
        case 'question':
          return sample.question;
        case 'option':
          return sample.options[column.field.index] ?? '';
        case 'answer':
          return answerInIndex ? sample.answer : (sample.options[sample.answer - 1] ?? '');
        case 'tag':
          return sample.tags[column.field.index] ?? '';
        case 'solution':
          return sample.solution;
      }
    }),
  );
  return [columns.map((column) => column.header), ...rows];
}

function instructions({ template, answerInIndex }: SampleOptions): string[] {
  const lines = [
    'How to fill in the question spreadsheet',
    '',
    'Put one question per row on the first sheet, under the header row (row 1). Columns may be in any order; header names are matched ignoring case and spaces.',
    'Group: the title of the question group. Leave it blank to continue the group above. Groups are created in the order they first appear.',
    'Question: the question text (required).',
    `Option 1 to Option 4: at least two options, filled from Option 1 without gaps. For more, add columns Option 5 to Option ${MAX_OPTION_COUNT}.`,
    'Answer, with "answer in index" on: the number of the correct option (1 for Option 1, 2 for Option 2, ...).',
    'Answer, with "answer in index" off: the text of the correct option, exactly as in its Option column (letter case and extra spaces do not matter).',
    'Tag 1 to Tag 5: optional tags.',
  ];
  if (template === 'with-solution') lines.push('Solution: the explanation of the answer (required for every question).');
  lines.push(
    `At most ${MAX_QUESTIONS_PER_EXAM.toLocaleString('en-IN')} questions and ${SPREADSHEET_MAX_MB} MB per file. Save as Excel Workbook (.xlsx) or CSV UTF-8.`,
    '',
    `This sample writes each answer as the option's ${answerInIndex ? 'number: upload it with "answer in index" on' : 'text: upload it with "answer in index" off'}, and the ${template} template.`,
  );
  return lines;
}

/** The sample as an Excel workbook: the questions sheet first (the one that is read), then how to fill it in. */
export async function sampleWorkbook(options: SampleOptions): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'PSC exam console';
  const sheet = workbook.addWorksheet('Questions', { views: [{ state: 'frozen', ySplit: 1 }] });
  const [header = [], ...rows] = sampleTable(options);
  sheet.columns = header.map((title) => ({
    header: String(title),
    width: title === 'Question' || title === 'Solution' ? 50 : title === 'Group' ? 20 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(rows);
  sheet.getColumn(2).alignment = { wrapText: true, vertical: 'top' };

  const help = workbook.addWorksheet('How to fill');
  help.getColumn(1).width = 120;
  for (const line of instructions(options)) help.addRow([line]);
  help.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvField(value: SampleCell): string {
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The sample as a CSV file: UTF-8 with a byte-order mark, so that Excel shows Malayalam correctly. */
export function sampleCsv(options: SampleOptions): Buffer {
  const lines = sampleTable(options).map((row) => row.map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
