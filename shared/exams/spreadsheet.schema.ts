import { z } from '../validation/zod.ts';
import { IMPORT_TEMPLATES } from './exam.constants.ts';
import { questionGroupSchema } from './exams.schema.ts';
import { SPREADSHEET_MAX_MB } from './spreadsheet.rules.ts';

/** The form field the spreadsheet is sent in. */
export const SPREADSHEET_FIELD = 'csv';

export const SPREADSHEET_UPLOAD_MESSAGES = {
  notMultipart: `Send the spreadsheet as multipart/form-data in the field ${SPREADSHEET_FIELD}`,
  noFile: `Choose a spreadsheet to upload (an .xlsx or .csv file in the field ${SPREADSHEET_FIELD})`,
  oneFile: 'Upload one spreadsheet at a time',
  tooLarge: `The spreadsheet is larger than ${SPREADSHEET_MAX_MB} MB. Split the questions into smaller files.`,
} as const;

export const SPREADSHEET_QUERY_MESSAGES = {
  template: 'Choose the template: regular or with-solution',
  answerInIndex: 'answerInIndex must be true or false',
  format: 'format must be xlsx or csv',
} as const;

const templateSchema = z.enum(IMPORT_TEMPLATES, { error: SPREADSHEET_QUERY_MESSAGES.template });
const flag = z.enum(['true', 'false'], { error: SPREADSHEET_QUERY_MESSAGES.answerInIndex });

export const spreadsheetUploadQuerySchema = z.object({
  template: templateSchema,
  /** true: Answer holds the correct option's number counted from 1; false: its text. */
  answerInIndex: flag.transform((value) => value === 'true'),
});

export const spreadsheetSampleQuerySchema = z.object({
  template: templateSchema,
  /** How the sample writes its answers: the option's number (true) or its text (false, the default). */
  answerInIndex: flag.default('false').transform((value) => value === 'true'),
  format: z.enum(['xlsx', 'csv'], { error: SPREADSHEET_QUERY_MESSAGES.format }).default('xlsx'),
});

export const spreadsheetIssueSchema = z.object({
  row: z.number().int().nullable().describe('The spreadsheet row number (the header is row 1); null for the file as a whole'),
  column: z.string().nullable().describe("The column's header; null when the issue is not about one column"),
  message: z.string(),
});

export const spreadsheetImportResultSchema = z
  .object({
    hasIssues: z.boolean(),
    issues: z.array(spreadsheetIssueSchema),
    output: z.array(questionGroupSchema).describe('The question groups of the rows without issues; import them only when hasIssues is false'),
  })
  .meta({ id: 'SpreadsheetImportResult' });
