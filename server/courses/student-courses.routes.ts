import { z } from 'zod';
import { lecturePlaybackSchema, STUDENT_COURSE_MESSAGES, studentCourseSchema, studentCourseSummarySchema } from '../../shared/courses/student-courses.schema.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import type { DomainRoutes } from '../domain.ts';
import { sendJsonText } from '../http/json-text.ts';
import * as studentCourses from './student-courses.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['student courses'];

/** The course catalogue, a course's plan and lecture playback, for signed-in students (the student apps' REST layer). */
export const studentCoursesRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/courses',
    {
      schema: {
        tags,
        summary: 'Published courses with their prices (from the default rate card) and whether the student holds each',
        response: { 200: z.array(studentCourseSummarySchema), ...errors },
      },
    },
    async (request) => studentCourses.listStudentCourses(request.ctx),
  );
  app.get(
    '/api/student/courses/:courseId',
    {
      schema: {
        tags,
        summary: 'A published course: subjects, lectures, the day schedule, visible study-plan notes, exams with their days and rank files',
        description:
          'What opens follows the entitlements: each lecture says `canWatch`; playback, notes and exams are refused to a student who may not open them. ' +
          'A day of `daySchedule` names its lectures by id (they are under `subjects`). The answer has an ETag: send it back as If-None-Match to get 304 without a body while nothing changed.',
        params: z.object({ courseId: z.string().max(100) }),
        response: { 200: studentCourseSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonText(request, reply, await studentCourses.getStudentCourse(request.ctx, request.params)),
  );
  app.post(
    '/api/student/lectures/:lectureId/playback',
    {
      schema: {
        tags,
        summary: 'Where to play a lecture and read its notes, signed for this student',
        description: `The addresses work only with this student's session and expire after the lecture's length and ${studentCourses.PLAYBACK_GRACE_MINUTES} minutes; ask again for new ones. 403 "${STUDENT_COURSE_MESSAGES.notEntitled}" when the student holds neither the lecture, its rate card nor a course with it.`,
        params: z.object({ lectureId: z.string().max(100) }),
        response: { 200: lecturePlaybackSchema, ...errors },
      },
    },
    async (request) => studentCourses.lecturePlayback(request.ctx, request.params),
  );
};
