import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import { attemptSchema, examResultSchema, savedAnswersSchema, saveAnswersInputSchema, studentExamSchema } from '../../shared/exams/attempts.schema.ts';
import { requireActor } from '../access/access.ts';
import * as attempts from './attempts.service.ts';
import { sendAttempt } from './attempt-json.ts';
import { studentRanking } from './ranks.service.ts';
import { rankingFields, rankingRowSchema, RANKING_PAGE_SIZE } from '../../shared/exams/student-ranking.schema.ts';
import { studentPageQuerySchema, studentPageSchema } from '../../shared/validation/paging.ts';
import { keyReportInputSchema, studentKeyReportSchema, studentKeyReportsSchema } from '../../shared/exams/key-reports.schema.ts';
import { REPORTS_PER_STUDENT_PER_HOUR } from '../../shared/exams/key-reports.constants.ts';
import * as keyReports from './key-reports.service.ts';

const student = routeOptions(['student exams']);
const examParams = z.object({ examId: z.string().min(1) });
const attemptParams = z.object({ attemptId: z.string().min(1) });
const questionParams = examParams.extend({ questionResId: z.string().min(1).max(100) });

const rankingSchema = studentPageSchema(rankingRowSchema, { withTotal: true }).extend(rankingFields);
const rankingDescription =
  'A page (`page`, `pageSize`: 100 unless asked) of the top 100 by rank, with `total` (the rows of the top 100); `totalParticipants` counts every ranked student and `me` is the student’s own place.';

/** Timed exam attempts for signed-in students (the student apps' REST layer). */
export const studentExamsRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/exams',
    student({
      summary: 'Exams the student may take: published, visible, open and entitled (free or granted)',
      description: 'Pages of `pageSize` exams (20 unless asked, at most 100), with `total`.',
      querystring: studentPageQuerySchema(),
      ok: studentPageSchema(studentExamSchema, { withTotal: true }),
    }),
    async (request) => attempts.listStudentExams(request.ctx, request.query),
  );
  app.post(
    '/api/student/exams/:examId/attempts',
    student({
      summary: 'Start an attempt, or resume the one in progress',
      description:
        'Questions come without answers or solutions; a quiz shuffles questions and options per attempt. Refused when the exam is not open (403), the student is not entitled (403), or its one attempt is used (409).',
      params: examParams,
      ok: attemptSchema,
    }),
    async (request, reply) => sendAttempt(reply, await attempts.startAttempt(request.ctx, { examId: request.params.examId })),
  );
  app.get(
    '/api/student/attempts/:attemptId',
    student({ summary: 'An attempt with the saved answers and the server clock', params: attemptParams, ok: attemptSchema }),
    async (request, reply) => sendAttempt(reply, await attempts.getAttempt(request.ctx, { attemptId: request.params.attemptId })),
  );
  app.put(
    '/api/student/attempts/:attemptId/answers',
    student({
      summary: 'Autosave answers (idempotent; safe every few seconds)',
      description:
        'Each answer carries the client revision; a stored answer is replaced only by a higher revision, so a late or repeated request never overwrites a newer answer. providedAnswerIndex is the option as shown in this attempt; -1 clears it. timeElapsedInMs is the total time on the question. Answers after the deadline plus 15 s are refused (409); answers to a time-restricted group outside its window are listed in rejected.',
      params: attemptParams,
      body: saveAnswersInputSchema,
      ok: savedAnswersSchema,
    }),
    async (request) => attempts.saveAnswers(request.ctx, { ...request.body, attemptId: request.params.attemptId }),
  );
  app.post(
    '/api/student/attempts/:attemptId/submit',
    student({ summary: 'Submit the attempt and get its result (idempotent)', params: attemptParams, ok: examResultSchema }),
    async (request) => attempts.submitOwnAttempt(request.ctx, { attemptId: request.params.attemptId }),
  );
  app.get(
    '/api/student/attempts/:attemptId/result',
    student({ summary: 'The result, with every answer and its solution, after submission', params: attemptParams, ok: examResultSchema }),
    async (request) => attempts.attemptResult(request.ctx, { attemptId: request.params.attemptId }),
  );
  app.get(
    '/api/student/exams/:examId/ranking',
    student({
      summary: 'The published ranking (top 100) and the student’s own rank',
      description: rankingDescription,
      params: examParams,
      querystring: studentPageQuerySchema(RANKING_PAGE_SIZE),
      ok: rankingSchema,
    }),
    async (request) => {
      const actor = await requireActor(request.ctx);
      return studentRanking(request.ctx.db, { examId: request.params.examId, userId: actor.id, ...request.query });
    },
  );
  app.post(
    '/api/student/exams/:examId/questions/:questionResId/reports',
    {
      schema: {
        tags: ['student exams'],
        summary: 'Report a question whose answer key looks wrong',
        description:
          'Only of an exam the student submitted, and of a question of the paper they took (404 otherwise, the same for an exam that does not exist). ' +
          `One report per question per student (409). \`reason\` is 1 to 500 characters after trimming. At most ${REPORTS_PER_STUDENT_PER_HOUR} reports an hour per student, and a limit per client address (429 with Retry-After). Answers 201 with the report.`,
        params: questionParams,
        body: keyReportInputSchema,
        response: { 201: studentKeyReportSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await keyReports.reportQuestion(request.ctx, { ...request.body, ...request.params })),
  );
  app.get(
    '/api/student/exams/:examId/reports',
    student({
      summary: "The student's own reports of an exam's questions, newest first",
      description: 'Each says whether staff resolved it, when, and their note.',
      params: examParams,
      querystring: studentPageQuerySchema(),
      ok: studentKeyReportsSchema,
    }),
    async (request) => keyReports.ownReports(request.ctx, { ...request.query, examId: request.params.examId }),
  );
};
