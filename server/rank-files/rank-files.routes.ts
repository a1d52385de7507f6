import { z } from 'zod';
import { RANKING_PAGE_SIZE } from '../../shared/exams/student-ranking.schema.ts';
import { utcDateTimeSchema } from '../../shared/validation/date-time.ts';
import { studentPageQuerySchema, studentPageSchema } from '../../shared/validation/paging.ts';
import {
  createRankFileInputSchema,
  RANK_FILE_MESSAGES,
  rankFileListEntrySchema,
  rankFileRankingRowSchema,
  rankFileRankStateSchema,
  rankFileSchema,
  savedRankFileSchema,
  saveRankFileInputSchema,
} from '../../shared/rank-files/rank-files.schema.ts';
import type { DomainRoutes } from '../domain.ts';
import { createdSchema, deletedSchema, routeOptions } from '../http/route-options.ts';
import * as rankFiles from './rank-files.service.ts';

const idParams = z.object({ id: z.uuid({ error: RANK_FILE_MESSAGES.notFound }) });
const admin = routeOptions(['rank files']);

export const rankFilesRoutes: DomainRoutes = async (app) => {
  app.get('/api/admin/rankfiles', admin({ summary: 'Every rank file, newest first', ok: z.array(rankFileListEntrySchema) }), async (request) =>
    rankFiles.listRankFiles(request.ctx),
  );
  app.post('/api/admin/rankfiles', admin({ summary: 'Add a rank file', body: createRankFileInputSchema, ok: createdSchema }), async (request) =>
    rankFiles.createRankFile(request.ctx, request.body),
  );
  app.get(
    '/api/admin/rankfiles/:id',
    admin({ summary: 'One rank file with its groups and ranking state', params: idParams, ok: rankFileSchema }),
    async (request) => rankFiles.getRankFile(request.ctx, request.params),
  );
  app.put(
    '/api/admin/rankfiles/:id',
    admin({
      summary: 'Save a rank file with its groups; the answer says whether it is published and what keeps it offline',
      description: 'Send `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale`. A group without `resId` is new.',
      params: idParams,
      body: saveRankFileInputSchema,
      ok: savedRankFileSchema,
    }),
    async (request) => rankFiles.saveRankFile(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.delete(
    '/api/admin/rankfiles/:id',
    admin({ summary: 'Delete a rank file (refused while a course lists it)', params: idParams, ok: deletedSchema }),
    async (request) => rankFiles.deleteRankFile(request.ctx, request.params),
  );
  app.get(
    '/api/admin/rankfiles/:id/ranking',
    admin({ summary: 'The top 100 of the last sync', params: idParams, ok: z.array(rankFileRankingRowSchema) }),
    async (request) => rankFiles.rankFileRanking(request.ctx, request.params),
  );
  app.put(
    '/api/admin/rankfiles/:id/ranking/sync',
    admin({
      summary: "Rank students by their first attempts of the file's exams, summed (refused while published)",
      params: idParams,
      ok: rankFileRankStateSchema,
    }),
    async (request) => rankFiles.syncRankFileRanking(request.ctx, request.params),
  );
  app.put(
    '/api/admin/rankfiles/:id/ranking/status/:status',
    admin({
      summary: 'Publish or unpublish the ranking to students',
      params: idParams.extend({ status: z.enum(['published', 'unpublished']) }),
      ok: rankFileRankStateSchema,
    }),
    async (request) => rankFiles.setRankFileRankingStatus(request.ctx, { id: request.params.id, status: request.params.status }),
  );
};

const studentRankingSchema = studentPageSchema(z.object({ rank: z.int(), name: z.string(), totalScore: z.number(), examsTaken: z.int() }), {
  withTotal: true,
}).extend({
  title: z.string(),
  totalParticipants: z.int().describe('Every student ranked'),
  lastRankRefreshAt: utcDateTimeSchema.nullable().describe('When the ranking was last computed'),
  me: z.object({ rank: z.int(), totalScore: z.number(), examsTaken: z.int() }).nullable(),
});

const student = routeOptions(['student courses']);

/** A rank file's published ranking, for students who may open it. */
export const studentRankFilesRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/rank-files/:id/ranking',
    student({
      summary: "A rank file's published ranking: the top 100 and the student's own place",
      description:
        'A page (`page`, `pageSize`: 100 unless asked) of the top 100 by rank, with `total` (the rows of the top 100); `totalScore` is the sum of the scores over its exams, `totalParticipants` counts every ranked student and `me` is the student’s own place.',
      params: z.object({ id: z.string().max(100) }),
      querystring: studentPageQuerySchema(RANKING_PAGE_SIZE),
      ok: studentRankingSchema,
    }),
    async (request) => rankFiles.studentRankFileRanking(request.ctx, { ...request.params, ...request.query }),
  );
};
