import { z } from 'zod';
import {
  courseDocumentsSchema,
  lecturePlaybackRequestSchema,
  lecturePlaybackSchema,
  scheduleDaysPageSchema,
  scheduleDaysQuerySchema,
  STUDENT_COURSE_MESSAGES,
  STUDENT_COURSE_PAGING,
  studentCourseSchema,
  studentCourseSummarySchema,
  subjectLecturesPageSchema,
  subjectLecturesQuerySchema,
} from '../../shared/courses/student-courses.schema.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import { studentPageQuerySchema, studentPageSchema } from '../../shared/validation/paging.ts';
import { sendStoredFile } from '../assets/send-stored-file.ts';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import { binaryResponse, notModifiedResponse, storedFileResponses } from '../http/binary-responses.ts';
import { sendJsonText } from '../http/json-text.ts';
import { lecturePoster } from './student-course-poster.ts';
import * as studentCourses from './student-courses.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['student courses'];
const student = routeOptions(tags, errors);
/** Reads answered with an ETag also answer 304 to its If-None-Match (no body, so not the error schema the options' type expects). */
const etagged = routeOptions(tags, { ...errors, 304: notModifiedResponse } as unknown as typeof errors);
const courseParams = z.object({ courseId: z.string().max(100) });
const etagNote = 'The answer has an ETag: send it back as If-None-Match to get 304 without a body while nothing changed for this student.';

/** The course catalogue, a course's plan a part at a time, its PDFs and lecture playback, for signed-in students (the student apps' REST layer). */
export const studentCoursesRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/courses',
    student({
      summary: 'Published courses with their prices (from the default rate card) and whether the student holds each',
      description: 'Pages of `pageSize` courses (20 unless asked, at most 100), with `total`; prices in whole paise.',
      querystring: studentPageQuerySchema(),
      ok: studentPageSchema(studentCourseSummarySchema, { withTotal: true }),
    }),
    async (request) => studentCourses.listStudentCourses(request.ctx, request.query),
  );
  app.get(
    '/api/student/courses/:courseId',
    etagged({
      summary: 'A course: its summary and what the app shows first (the first subject’s first page of lectures, the first days of the schedule)',
      description:
        'Subjects come with their lecture and page counts, the schedule with the numbers of its days; the rest is read a page of a subject ' +
        '(`/subjects/{subjectId}/lectures?page=&pageSize=`) or a few days (`/days?from=&to=`) at a time. Each lecture says `canWatch` (the student holds it) and ' +
        '`available` (false while it is temporarily unavailable: playback then answers 409). A student who holds the course keeps it while a warning ' +
        `keeps it offline for others. Rank files are the published ones; the PDFs are listed by name (their addresses: POST /documents). ${etagNote}`,
      params: courseParams,
      ok: studentCourseSchema,
    }),
    async (request, reply) => sendJsonText(request, reply, await studentCourses.getStudentCourse(request.ctx, request.params)),
  );
  app.get(
    '/api/student/courses/:courseId/subjects/:subjectId/lectures',
    etagged({
      summary: "One page of an active subject's lectures, in the subject's order",
      description: `Pages of \`pageSize\` lectures (${STUDENT_COURSE_PAGING.lecturesPerPage} unless asked, at most 100), with \`total\` (the subject's lecture count); a page past the last is empty. ${etagNote}`,
      params: courseParams.extend({ subjectId: z.string().max(100) }),
      querystring: subjectLecturesQuerySchema,
      ok: subjectLecturesPageSchema,
    }),
    async (request, reply) => sendJsonText(request, reply, await studentCourses.getSubjectLectures(request.ctx, { ...request.params, ...request.query })),
  );
  app.get(
    '/api/student/courses/:courseId/days',
    etagged({
      summary: `The schedule's days numbered from \`from\` to \`to\` (at most ${STUDENT_COURSE_PAGING.maxDaysPerPage} days), with their lectures and exams`,
      description: `\`nextDayIndex\` is the next day after \`to\` with something on it (null at the end). ${etagNote}`,
      params: courseParams,
      querystring: scheduleDaysQuerySchema,
      ok: scheduleDaysPageSchema,
    }),
    async (request, reply) => sendJsonText(request, reply, await studentCourses.getScheduleDays(request.ctx, { ...request.params, ...request.query })),
  );
  app.post(
    '/api/student/courses/:courseId/documents',
    student({
      config: { signedUrls: true },
      summary: "The course's previous-question and syllabus PDFs and its day planner, with their page images, signed for this student",
      description: `For a student who holds the course (403 "${STUDENT_COURSE_MESSAGES.courseNotEntitled}" otherwise). The addresses work only with this student's session and expire at \`expiresAt\`; ask again for new ones.`,
      params: courseParams,
      ok: courseDocumentsSchema,
    }),
    async (request) => studentCourses.courseDocuments(request.ctx, request.params),
  );
  app.post(
    '/api/student/lectures/:lectureId/playback',
    {
      config: { signedUrls: true },
      schema: {
        tags,
        summary: 'Where to play a lecture and read its notes, signed for this student',
        description:
          `The addresses work only with this student's session and expire after the lecture's length and ${studentCourses.PLAYBACK_GRACE_MINUTES} minutes; ask again for new ones. ` +
          `403 "${STUDENT_COURSE_MESSAGES.notEntitled}" when the student holds neither the lecture, its rate card nor a course with it; ` +
          `409 "${STUDENT_COURSE_MESSAGES.lectureUnavailable}" when they do but it is unpublished for now. ` +
          'The body (optional) chooses the ladder: `dataSaver` the pictures up to 240p, `audioOnly` the sound alone (it wins over `dataSaver`; ' +
          'a video processed before the sound had a rendition of its own gets the data saver ladder); `ladder` answers what `hlsUrl` holds.',
        params: z.object({ lectureId: z.string().max(100) }),
        body: lecturePlaybackRequestSchema.nullish(),
        response: { 200: lecturePlaybackSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => studentCourses.lecturePlayback(request.ctx, request.params, request.body ?? {}),
  );
  app.get(
    '/api/student/lectures/:lectureId/poster.jpg',
    {
      schema: {
        tags,
        summary: "A lecture's video poster, the thumbnail of a lecture without a banner, for any signed-in student",
        params: z.object({ lectureId: z.string().max(100) }),
        response: { 200: binaryResponse('The poster image', 'image/jpeg'), ...storedFileResponses('image/jpeg'), ...errorResponses(401, 404, 416) },
      },
    },
    async (request, reply) => sendStoredFile(request, reply, await lecturePoster(request.ctx, request.params)),
  );
};
