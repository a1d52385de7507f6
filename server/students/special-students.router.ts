import { z } from 'zod';
import { SPECIAL_STUDENT_MESSAGES } from '../../shared/students/special-students.rules.ts';
import { deleteSpecialStudentsInputSchema, specialStudentInputSchema, specialStudentsQuerySchema } from '../../shared/students/special-students.schema.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import * as students from './special-students.service.ts';

export const specialStudentsRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.input(specialStudentsQuerySchema).query(({ ctx, input }) => students.listSpecialStudents(ctx, input)),
    create: procedure.input(specialStudentInputSchema).mutation(({ ctx, input }) => students.createSpecialStudent(ctx, input)),
    update: procedure
      .input(specialStudentInputSchema.extend({ id: z.uuid({ error: SPECIAL_STUDENT_MESSAGES.notFound }) }))
      .mutation(({ ctx, input }) => students.updateSpecialStudent(ctx, input)),
    delete: procedure.input(deleteSpecialStudentsInputSchema).mutation(({ ctx, input }) => students.deleteSpecialStudents(ctx, input)),
  });
