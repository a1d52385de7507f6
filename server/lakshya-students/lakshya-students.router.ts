import { z } from 'zod';
import { LAKSHYA_STUDENT_MESSAGES } from '../../shared/lakshya-students/lakshya-students.rules.ts';
import {
  deleteLakshyaStudentsInputSchema,
  lakshyaStudentInputSchema,
  lakshyaStudentsQuerySchema,
} from '../../shared/lakshya-students/lakshya-students.schema.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import * as students from './lakshya-students.service.ts';

export const lakshyaStudentsRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.input(lakshyaStudentsQuerySchema).query(({ ctx, input }) => students.listLakshyaStudents(ctx, input)),
    create: procedure.input(lakshyaStudentInputSchema).mutation(({ ctx, input }) => students.createLakshyaStudent(ctx, input)),
    update: procedure
      .input(lakshyaStudentInputSchema.extend({ id: z.uuid({ error: LAKSHYA_STUDENT_MESSAGES.notFound }) }))
      .mutation(({ ctx, input }) => students.updateLakshyaStudent(ctx, input)),
    delete: procedure.input(deleteLakshyaStudentsInputSchema).mutation(({ ctx, input }) => students.deleteLakshyaStudents(ctx, input)),
  });
