import { requiredNameSchema } from '../validation/fields.ts';
import { z } from '../validation/zod.ts';
import { sortSchema } from '../validation/sorting.ts';
import { indianMobile } from '../validation/phone.rules.ts';
import { expiryDateOf, MAX_NAME_LENGTH, LAKSHYA_STUDENT_MESSAGES } from './lakshya-students.rules.ts';

export const LAKSHYA_STUDENTS_PAGE_SIZE = 100;

/** The student form's value (POST and PUT /api/admin/lakshya-students). */
export const lakshyaStudentValueSchema = z.object({
  name: requiredNameSchema(LAKSHYA_STUDENT_MESSAGES.nameRequired, MAX_NAME_LENGTH, LAKSHYA_STUDENT_MESSAGES.nameTooLong),
  phoneNumber: z
    .string({ error: LAKSHYA_STUDENT_MESSAGES.phone })
    .max(40, { error: LAKSHYA_STUDENT_MESSAGES.phone })
    .transform((text, context) => {
      const phone = indianMobile(text);
      if (!phone) context.addIssue({ code: 'custom', message: LAKSHYA_STUDENT_MESSAGES.phone });
      return phone ?? '';
    }),
  expiryDate: z
    .string()
    .max(40)
    .nullable()
    .optional()
    .transform((text, context) => {
      const date = expiryDateOf(text ?? '');
      if (date === undefined) context.addIssue({ code: 'custom', message: LAKSHYA_STUDENT_MESSAGES.dateInvalid });
      return date ?? null;
    }),
});
export const lakshyaStudentInputSchema = z.object({ value: lakshyaStudentValueSchema });
export const deleteLakshyaStudentsInputSchema = z.object({
  value: z
    .array(z.uuid({ error: LAKSHYA_STUDENT_MESSAGES.notFound }))
    .min(1, { error: LAKSHYA_STUDENT_MESSAGES.nothingSelected })
    .max(1000, { error: 'Delete at most 1,000 students at once' }),
});

export const lakshyaStudentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  /** YYYY-MM-DD, or null when it has no end. */
  expiryDate: z.string().nullable(),
  /** The account with this phone number, when one exists. */
  user: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type LakshyaStudent = z.infer<typeof lakshyaStudentSchema>;

/** The columns the special students list sorts by (`createdAt`: when the student was added). */
export const LAKSHYA_STUDENT_SORT_COLUMNS = ['name', 'phoneNumber', 'expiryDate', 'createdAt'] as const;
export type LakshyaStudentSortColumn = (typeof LAKSHYA_STUDENT_SORT_COLUMNS)[number];
export const LAKSHYA_STUDENTS_USUAL_SORT = '-createdAt';

export const lakshyaStudentsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page is a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LAKSHYA_STUDENTS_PAGE_SIZE).default(LAKSHYA_STUDENTS_PAGE_SIZE),
  name: z.string().trim().max(200).optional(),
  phoneNumber: z.string().trim().max(40).optional(),
  registered: z.enum(['yes', 'no'], { error: 'registered is yes or no' }).optional(),
  sort: sortSchema(LAKSHYA_STUDENT_SORT_COLUMNS, LAKSHYA_STUDENTS_USUAL_SORT),
});
export type LakshyaStudentsQuery = z.input<typeof lakshyaStudentsQuerySchema>;
/** The filters of a special students export: the list's, without paging (an export holds every page). */
export const lakshyaStudentsExportQuerySchema = lakshyaStudentsQuerySchema.omit({ page: true, pageSize: true });
export const lakshyaStudentsPageSchema = z.object({ students: z.array(lakshyaStudentSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type LakshyaStudentsPage = z.infer<typeof lakshyaStudentsPageSchema>;

export const importResultSchema = z.object({
  hasIssues: z.boolean(),
  issues: z.array(z.object({ row: z.number(), column: z.string(), message: z.string() })),
  /** How many more issues there were beyond those listed. */
  moreIssues: z.number(),
  imported: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
