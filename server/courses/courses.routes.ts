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
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import type { DomainRoutes } from '../domain.ts';
import * as courses from './courses.service.ts';

const idParams = z.object({ id: z.uuid({ error: COURSE_MESSAGES.notFound }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['courses'];
const edit = { ability: 'editCourses' as const };

export const coursesRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/courses',
    { schema: { tags, summary: 'Every course, newest first', response: { 200: z.array(courseListEntrySchema), ...errors } } },
    async (request) => courses.listCourses(request.ctx),
  );
  app.get(
    '/api/admin/course-title',
    {
      config: { screen: 'console' },
      schema: {
        tags,
        summary: "Every course's id and title (for other screens)",
        response: { 200: z.array(z.object({ _id: z.string(), title: z.string() })), ...errors },
      },
    },
    async (request) => courses.listCourseTitles(request.ctx),
  );
  app.post(
    '/api/admin/courses',
    { config: edit, schema: { tags, summary: 'Add a course', body: createCourseInputSchema, response: { 200: z.object({ _id: z.string() }), ...errors } } },
    async (request) => courses.createCourse(request.ctx, request.body),
  );
  app.post(
    '/api/admin/course/duplicate/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Make hidden copies of a course (subjects, lecture links, exams, rank files and notes), all in one transaction',
        params: idParams,
        body: duplicateCourseInputSchema,
        response: { 200: z.object({ _ids: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => courses.duplicateCourse(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.get(
    '/api/admin/courses/:id',
    {
      config: edit,
      schema: { tags, summary: 'One course with its subjects, lectures, exams and rank files', params: idParams, response: { 200: courseSchema, ...errors } },
    },
    async (request) => courses.getCourse(request.ctx, request.params),
  );
  app.put(
    '/api/admin/courses/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Save a whole course; the answer says whether it is published and what keeps it offline',
        description:
          'Send `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale` (who saved it, when, and the version now stored). A subject without `_id` is new.',
        params: idParams,
        body: saveCourseInputSchema,
        response: { 200: savedCourseSchema, ...errors },
      },
    },
    async (request) => courses.saveCourse(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.delete(
    '/api/admin/courses/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Delete a course (refused while students hold it)',
        params: idParams,
        response: { 200: z.object({ status: z.literal('deleted') }), ...errors },
      },
    },
    async (request) => courses.deleteCourse(request.ctx, request.params),
  );
  app.post(
    '/api/admin/lecture/attach-course/:courseId',
    {
      config: edit,
      schema: {
        tags,
        summary: 'The lectures the course editor added and removed since its last save (sent after the save)',
        params: z.object({ courseId: z.uuid({ error: COURSE_MESSAGES.notFound }) }),
        body: attachCourseInputSchema,
        response: { 200: z.object({ attached: z.array(z.string()), detached: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => courses.attachCourse(request.ctx, { courseId: request.params.courseId, ...request.body }),
  );
};
