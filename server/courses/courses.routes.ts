import { z } from 'zod';
import { COURSE_MESSAGES } from '../../shared/courses/course.constants.ts';
import {
  attachCourseInputSchema,
  courseListEntrySchema,
  courseSchema,
  createCourseInputSchema,
  duplicateCourseInputSchema,
  savedCourseSchema,
  saveCourseInputSchema,
} from '../../shared/courses/courses.schema.ts';
import type { DomainRoutes } from '../domain.ts';
import { createdSchema, deletedSchema, routeOptions } from '../http/route-options.ts';
import * as courses from './courses.service.ts';

const idParams = z.object({ id: z.uuid({ error: COURSE_MESSAGES.notFound }) });
const admin = routeOptions(['courses']);
const edit = { ability: 'editCourses' as const };

export const coursesRoutes: DomainRoutes = async (app) => {
  app.get('/api/admin/courses', admin({ summary: 'Every course, newest first', ok: z.array(courseListEntrySchema) }), async (request) =>
    courses.listCourses(request.ctx),
  );
  app.get(
    '/api/admin/course-title',
    admin({
      config: { screen: 'console' },
      summary: "Every course's id and title (for other screens)",
      ok: z.array(z.object({ _id: z.string(), title: z.string() })),
    }),
    async (request) => courses.listCourseTitles(request.ctx),
  );
  app.post('/api/admin/courses', admin({ config: edit, summary: 'Add a course', body: createCourseInputSchema, ok: createdSchema }), async (request) =>
    courses.createCourse(request.ctx, request.body),
  );
  app.post(
    '/api/admin/course/duplicate/:id',
    admin({
      config: edit,
      summary: 'Make hidden copies of a course (subjects, lecture links, exams, rank files and notes), all in one transaction',
      params: idParams,
      body: duplicateCourseInputSchema,
      ok: z.object({ _ids: z.array(z.string()) }),
    }),
    async (request) => courses.duplicateCourse(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.get(
    '/api/admin/courses/:id',
    admin({ config: edit, summary: 'One course with its subjects, lectures, exams and rank files', params: idParams, ok: courseSchema }),
    async (request) => courses.getCourse(request.ctx, request.params),
  );
  app.put(
    '/api/admin/courses/:id',
    admin({
      config: edit,
      summary: 'Save a whole course; the answer says whether it is published and what keeps it offline',
      description:
        'Send `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale` (who saved it, when, and the version now stored). A subject without `_id` is new.',
      params: idParams,
      body: saveCourseInputSchema,
      ok: savedCourseSchema,
    }),
    async (request) => courses.saveCourse(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.delete(
    '/api/admin/courses/:id',
    admin({ config: edit, summary: 'Delete a course (refused while students hold it)', params: idParams, ok: deletedSchema }),
    async (request) => courses.deleteCourse(request.ctx, request.params),
  );
  app.post(
    '/api/admin/lecture/attach-course/:courseId',
    admin({
      config: edit,
      summary: 'The lectures the course editor added and removed since its last save (sent after the save)',
      params: z.object({ courseId: z.uuid({ error: COURSE_MESSAGES.notFound }) }),
      body: attachCourseInputSchema,
      ok: z.object({ attached: z.array(z.string()), detached: z.array(z.string()) }),
    }),
    async (request) => courses.attachCourse(request.ctx, { courseId: request.params.courseId, ...request.body }),
  );
};
