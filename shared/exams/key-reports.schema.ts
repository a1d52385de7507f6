import { z } from '../validation/zod.ts';
import { pagedListSchema, pageNumberSchema, pageSizeSchema, PAGE_NUMBER_MESSAGE, studentPageSchema } from '../validation/paging.ts';
import { utcDateTimeSchema } from '../validation/date-time.ts';
import { UUID_PATTERN } from '../validation/fields.ts';
import {
  KEY_REPORT_MESSAGES,
  MAX_REPORT_REASON_LENGTH,
  MAX_REPORTS_RESOLVED_AT_ONCE,
  MAX_RESOLUTION_NOTE_LENGTH,
  REPORTS_MAX_PAGE_SIZE,
  REPORTS_PAGE_SIZE,
} from './key-reports.constants.ts';

/** A student's report: the reason, trimmed, 1 to 500 characters. */
export const keyReportInputSchema = z.object({
  reason: z
    .string({ error: KEY_REPORT_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: KEY_REPORT_MESSAGES.reasonRequired })
    .max(MAX_REPORT_REASON_LENGTH, { error: KEY_REPORT_MESSAGES.reasonTooLong }),
});
export type KeyReportInput = z.output<typeof keyReportInputSchema>;

export const KEY_REPORT_STATUSES = ['open', 'resolved'] as const;

/** A report as its student reads it. */
export const studentKeyReportSchema = z.object({
  _id: z.string(),
  examId: z.string(),
  questionResId: z.string(),
  reason: z.string(),
  createdAt: utcDateTimeSchema.describe('When it was reported'),
  status: z.enum(KEY_REPORT_STATUSES),
  resolvedAt: utcDateTimeSchema.nullable(),
  resolutionNote: z.string().nullable().describe('What staff said when they resolved it'),
});
export type StudentKeyReport = z.infer<typeof studentKeyReportSchema>;
/** The student's reports of one exam: at most one a question, a page at a time. */
export const studentKeyReportsSchema = studentPageSchema(studentKeyReportSchema, { withTotal: true });

/** A report as staff read it: the student's own fields, who sent it and who resolved it. */
export const adminKeyReportSchema = studentKeyReportSchema.extend({
  student: z.object({ _id: z.string(), name: z.string() }),
  resolvedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type AdminKeyReport = z.infer<typeof adminKeyReportSchema>;

/** A question with reports: its place in the exam (null when it is no longer in it) and its counts. */
export const reportedQuestionSchema = z.object({
  questionResId: z.string(),
  number: z.number().nullable(),
  question: z.string().nullable(),
  openCount: z.number(),
  totalCount: z.number(),
});
export type ReportedQuestion = z.infer<typeof reportedQuestionSchema>;

export const KEY_REPORT_FILTERS = ['open', 'resolved', 'all'] as const;
export type KeyReportFilter = (typeof KEY_REPORT_FILTERS)[number];

export const adminKeyReportsQuerySchema = z.object({
  status: z.enum(KEY_REPORT_FILTERS, { error: 'status is open, resolved or all' }).default('open'),
  question: z.string().trim().min(1, { error: 'question is a question id' }).max(100, { error: 'question is a question id' }).optional(),
  page: pageNumberSchema(PAGE_NUMBER_MESSAGE),
  pageSize: pageSizeSchema(REPORTS_MAX_PAGE_SIZE, REPORTS_PAGE_SIZE),
});
export type AdminKeyReportsQuery = z.output<typeof adminKeyReportsQuerySchema>;

/** Every question with reports (open ones first), and a page of the reports the filters pick. */
export const adminKeyReportsPageSchema = pagedListSchema('reports', adminKeyReportSchema).extend({
  questions: z.array(reportedQuestionSchema),
});
export type AdminKeyReportsPage = z.infer<typeof adminKeyReportsPageSchema>;

const noteSchema = z
  .string({ error: KEY_REPORT_MESSAGES.noteTooLong })
  .trim()
  .max(MAX_RESOLUTION_NOTE_LENGTH, { error: KEY_REPORT_MESSAGES.noteTooLong })
  .optional()
  .transform((note) => (note ? note : null));

/** Resolve: the reports by id, or every open report of one question, with an optional note. */
export const resolveKeyReportsInputSchema = z
  .object({
    reportIds: z
      .array(z.string().regex(UUID_PATTERN, { error: KEY_REPORT_MESSAGES.reportIdInvalid }), { error: KEY_REPORT_MESSAGES.reportIdInvalid })
      .min(1, { error: KEY_REPORT_MESSAGES.reportIdsRequired })
      .max(MAX_REPORTS_RESOLVED_AT_ONCE, { error: KEY_REPORT_MESSAGES.reportIdsTooMany })
      .optional(),
    questionResId: z.string().trim().min(1, { error: KEY_REPORT_MESSAGES.resolveWhat }).max(100).optional(),
    note: noteSchema,
  })
  .refine((input) => (input.reportIds === undefined) !== (input.questionResId === undefined), {
    error: KEY_REPORT_MESSAGES.resolveWhat,
    path: ['reportIds'],
  });
export type ResolveKeyReportsInput = z.output<typeof resolveKeyReportsInputSchema>;

export const resolvedKeyReportsSchema = z.object({
  resolved: z.number().describe('Reports this call resolved'),
  alreadyResolved: z.number().describe('Reports named that were resolved before: left as they were'),
  message: z.string(),
});
export type ResolvedKeyReports = z.infer<typeof resolvedKeyReportsSchema>;

/** The open reports of each question of an exam, for the editor's badges. */
export const openReportCountsSchema = z.array(z.object({ questionResId: z.string(), openCount: z.number() }));
