import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { createdSchema, deletedSchema, routeOptions } from '../http/route-options.ts';
import { EXAM_MESSAGES, TEMPLATE_IDS } from '../../shared/exams/exam.constants.ts';
import {
  analyticsRowSchema,
  copyExamInputSchema,
  createExamInputSchema,
  examListEntrySchema,
  examSchema,
  rankStateSchema,
  savedExamSchema,
  saveExamInputSchema,
} from '../../shared/exams/exams.schema.ts';
import * as exams from './exams.service.ts';
import { EXAM_SAVE_BODY_LIMIT } from '../plugins/body-limits.ts';
import * as ranks from './ranks.service.ts';
import * as keyReports from './key-reports.service.ts';
import {
  adminKeyReportsPageSchema,
  adminKeyReportsQuerySchema,
  resolvedKeyReportsSchema,
  resolveKeyReportsInputSchema,
} from '../../shared/exams/key-reports.schema.ts';
import { itemAnalysis } from './item-analysis.service.ts';
import { itemAnalysisSchema } from '../../shared/exams/item-analysis.schema.ts';

const idParams = z.object({ id: z.string().min(1) });
const examIdParams = z.object({ examId: z.string().min(1) });
const admin = routeOptions(['exams']);

const statisticsSchema = z.object({
  participants: z.number(),
  scoreDistribution: z.array(z.object({ range: z.string(), students: z.number() })),
  questions: z.array(
    z.object({ number: z.number(), resId: z.string(), group: z.string(), answered: z.number(), correct: z.number(), correctShare: z.number() }),
  ),
});

export const examsRoutes: DomainRoutes = async (app) => {
  app.get('/api/admin/exams', admin({ summary: 'Every exam, newest first', ok: z.array(examListEntrySchema) }), async (request) =>
    exams.listExams(request.ctx),
  );
  app.get(
    '/api/admin/exams/:id',
    admin({
      summary: "One template's exams (regular, mock-test or revision-test)",
      params: z.object({ id: z.enum(TEMPLATE_IDS, { error: EXAM_MESSAGES.templateRequired }) }),
      ok: z.array(examListEntrySchema),
    }),
    async (request) => exams.listExams(request.ctx, { templateId: request.params.id }),
  );
  app.post(
    '/api/admin/exams',
    admin({ summary: "Create an exam from a template (it copies the template's settings)", body: createExamInputSchema, ok: createdSchema }),
    async (request) => exams.createExam(request.ctx, request.body),
  );
  app.post(
    '/api/exams/copy/campus',
    admin({ summary: 'Copy an exam (hidden, without attempts or ranks)', body: copyExamInputSchema, ok: createdSchema }),
    async (request) => exams.copyExam(request.ctx, request.body),
  );
  app.get('/api/admin/exams/details/:examId', admin({ summary: 'One exam with its question groups', params: examIdParams, ok: examSchema }), async (request) =>
    exams.getExam(request.ctx, { id: request.params.examId }),
  );
  app.put(
    '/api/admin/exams/:id',
    {
      bodyLimit: EXAM_SAVE_BODY_LIMIT,
      ...admin({
        summary: 'Save a whole exam',
        description:
          'wrongAnswerScore is a penalty: a positive number (.33) subtracted for each wrong answer. The answer says whether the exam is published, what keeps it offline, and the message of an exam scheduled for later. ' +
          'Send `version` (from GET) to save only if nobody saved the exam since you read it: otherwise 409 with `stale` (who saved it, when, and the version now stored). ' +
          'A new group or question may leave out `resId`: the server gives it one. The body may be up to 32 MB.',
        params: idParams,
        body: saveExamInputSchema,
        ok: savedExamSchema,
      }),
    },
    async (request) => exams.saveExam(request.ctx, { ...request.body, id: request.params.id }),
  );
  app.delete('/api/admin/exams/:id', admin({ summary: 'Delete an exam that no student has attempted', params: idParams, ok: deletedSchema }), async (request) =>
    exams.deleteExam(request.ctx, { id: request.params.id }),
  );
  app.get(
    '/api/admin/exams/analytics/:examId',
    admin({ summary: 'The top 100 of the last rank sync', params: examIdParams, ok: z.array(analyticsRowSchema) }),
    async (request) => ranks.examAnalytics(request.ctx, { examId: request.params.examId }),
  );
  app.get(
    '/api/admin/exams/:examId/statistics',
    admin({ summary: "Score distribution and each question's share of correct answers", params: examIdParams, ok: statisticsSchema }),
    async (request) => ranks.examStatistics(request.ctx, { examId: request.params.examId }),
  );
  app.get(
    '/api/admin/exams/:examId/item-analysis',
    admin({
      summary:
        "Item analysis of the exam's current ranking: each question's facility, discrimination, options chosen, unattempted share, average time and flags",
      description:
        "Over the students the last rank sync ranked (each one's first submitted attempt), marked by the exam's answer key now. Questions in the exam's order, those taken out since last. An exam whose ranking was never synced answers 409.",
      params: examIdParams,
      ok: itemAnalysisSchema,
    }),
    async (request) => itemAnalysis(request.ctx, { examId: request.params.examId }),
  );
  app.put(
    '/api/admin/exams/:examId/rank/sync',
    admin({ summary: "Rank each student's first submitted attempt (refused while the ranking is published)", params: examIdParams, ok: rankStateSchema }),
    async (request) => ranks.syncExamRanks(request.ctx, { examId: request.params.examId }),
  );
  app.put(
    '/api/admin/exams/:examId/rank/status/:status',
    admin({
      summary: 'Publish or unpublish the ranking to students',
      params: examIdParams.extend({ status: z.enum(['published', 'unpublished']) }),
      ok: rankStateSchema,
    }),
    async (request) => ranks.setRankStatus(request.ctx, request.params),
  );
  app.get(
    '/api/admin/exams/:examId/reports',
    admin({
      summary: "Students' reports of wrong answer keys: each question's counts and a page of the reports",
      description:
        '`questions` lists every question with reports (open and total counts; those with open reports first). `reports` is a page (`page`, `pageSize`: 50 unless asked, at most 200) of the reports `status` (open unless asked, resolved or all) and `question` pick, open first and then newest first, with `total`.',
      params: examIdParams,
      querystring: adminKeyReportsQuerySchema,
      ok: adminKeyReportsPageSchema,
    }),
    async (request) => keyReports.examReports(request.ctx, { ...request.query, examId: request.params.examId }),
  );
  app.post(
    '/api/admin/exams/:examId/reports/resolve',
    admin({
      summary: 'Mark reports of wrong answer keys resolved, with an optional note students read',
      description:
        'Name the reports by `reportIds`, or every report of one question by `questionResId`. Reports resolved before stay as they were; when none was open the answer says nothing changed. Recorded in the exam’s history.',
      params: examIdParams,
      body: resolveKeyReportsInputSchema,
      ok: resolvedKeyReportsSchema,
    }),
    async (request) => keyReports.resolveReports(request.ctx, { ...request.body, examId: request.params.examId }),
  );
};
