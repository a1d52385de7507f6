import { z } from 'zod';
import { attachCourseInputSchema, createCourseInputSchema, duplicateCourseInputSchema, saveCourseInputSchema } from '../../shared/courses/courses.schema.ts';
import { COURSE_MESSAGES } from '../../shared/courses/course.constants.ts';
import { bulkProcedure } from '../bulk/bulk-routes.ts';
import type { ScreenProcedures } from '../domain.ts';
import { consoleProcedure, router } from '../trpc/trpc.ts';
import { coursesBulk } from './courses.bulk.ts';
import * as courses from './courses.service.ts';

const byId = z.object({ id: z.uuid({ error: COURSE_MESSAGES.notFound }) });

export const coursesRouter = ({ procedure, ability }: ScreenProcedures) => {
  /** Opening and changing courses: administrators and managers (marketing only reads the list). */
  const editProcedure = ability('editCourses');
  return router({
    list: procedure.query(({ ctx }) => courses.listCourses(ctx)),
    /** Used by other screens (pickers, links), not only by the course manager. */
    titles: consoleProcedure.query(({ ctx }) => courses.listCourseTitles(ctx)),
    get: editProcedure.input(byId).query(({ ctx, input }) => courses.getCourse(ctx, input)),
    create: editProcedure.input(createCourseInputSchema).mutation(({ ctx, input }) => courses.createCourse(ctx, input)),
    duplicate: editProcedure.input(byId.extend(duplicateCourseInputSchema.shape)).mutation(({ ctx, input }) => courses.duplicateCourse(ctx, input)),
    save: editProcedure.input(byId.extend(saveCourseInputSchema.shape)).mutation(({ ctx, input }) => courses.saveCourse(ctx, input)),
    delete: editProcedure.input(byId).mutation(({ ctx, input }) => courses.deleteCourse(ctx, input)),
    bulk: bulkProcedure(editProcedure, coursesBulk),
    attachLectures: editProcedure
      .input(z.object({ courseId: byId.shape.id }).extend(attachCourseInputSchema.shape))
      .mutation(({ ctx, input }) => courses.attachCourse(ctx, input)),
  });
};
