import { titleFilterSchema, titleMatches } from '../../shared/bulk/bulk.schema.ts';
import { TEMPLATE_IDS } from '../../shared/exams/exam.constants.ts';
import { examValueSchema, type Exam } from '../../shared/exams/exams.schema.ts';
import { z } from '../../shared/validation/zod.ts';
import type { BulkResource } from '../bulk/bulk-resource.ts';
import { visibilitySteps } from '../bulk/visibility-steps.ts';
import { AppError } from '../errors.ts';
import { examTitles } from './exams.repository.ts';
import { deleteExam, getExam, listExams, saveExam } from './exams.service.ts';

/** The Exam Manager's filter: its template tab (all exams when absent) and the title filter. */
const examFilterSchema = titleFilterSchema.extend({ templateId: z.enum(TEMPLATE_IDS, { error: 'Choose a template' }).optional() });

/** The exam as its editor would send it back, with only the visibility switch changed. */
function valueOf(exam: Exam, isVisible: boolean) {
  const parsed = examValueSchema.safeParse({ ...exam, isVisible });
  if (!parsed.success) throw new AppError('validation', parsed.error.issues[0]?.message ?? 'The exam cannot be saved as it is: open it in its editor');
  return parsed.data;
}

/** Bulk publish, unpublish and delete on the Exam Manager. */
export const examsBulk: BulkResource<typeof examFilterSchema> = {
  noun: 'exams',
  filter: examFilterSchema,
  findRows: (ctx, ids) => examTitles(ctx.db, ids),
  async listMatching(ctx, filter) {
    return (await listExams(ctx, { templateId: filter.templateId }))
      .filter((exam) => titleMatches(exam.title, filter))
      .map((exam) => ({ id: exam._id, title: exam.title }));
  },
  actions: {
    ...visibilitySteps({
      read: (ctx, id) => getExam(ctx, { id }),
      save: (ctx, id, exam, isVisible) => saveExam(ctx, { id, value: valueOf(exam, isVisible), version: exam.version }),
      offline: 'The exam stays offline',
    }),
    delete: (ctx, row) => deleteExam(ctx, { id: row.id }).then(() => undefined),
  },
};
