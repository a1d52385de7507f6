import { z } from 'zod';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
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
import * as rankFiles from './rank-files.service.ts';

const idParams = z.object({ id: z.uuid({ error: RANK_FILE_MESSAGES.notFound }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['rank files'];

export const rankFilesRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/rankfiles',
    { schema: { tags, summary: 'Every rank file, newest first', response: { 200: z.array(rankFileListEntrySchema), ...errors } } },
    async (request) => rankFiles.listRankFiles(request.ctx),
  );
  app.post(
    '/api/admin/rankfiles',
    { schema: { tags, summary: 'Add a rank file', body: createRankFileInputSchema, response: { 200: z.object({ _id: z.string() }), ...errors } } },
    async (request) => rankFiles.createRankFile(request.ctx, request.body),
  );
  app.get(
    '/api/admin/rankfiles/:id',
    { schema: { tags, summary: 'One rank file with its groups and ranking state', params: idParams, response: { 200: rankFileSchema, ...errors } } },
    async (request) => rankFiles.getRankFile(request.ctx, request.params),
  );
  app.put(
    '/api/admin/rankfiles/:id',
    {
      schema: {
        tags,
        summary: 'Save a rank file with its groups; the answer says whether it is published and what keeps it offline',
        description: 'Send `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale`. A group without `resId` is new.',
        params: idParams,
        body: saveRankFileInputSchema,
        response: { 200: savedRankFileSchema, ...errors },
      },
    },
    async (request) => rankFiles.saveRankFile(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.delete(
    '/api/admin/rankfiles/:id',
    {
      schema: {
        tags,
        summary: 'Delete a rank file (refused while a course lists it)',
        params: idParams,
        response: { 200: z.object({ status: z.literal('deleted') }), ...errors },
      },
    },
    async (request) => rankFiles.deleteRankFile(request.ctx, request.params),
  );
  app.get(
    '/api/admin/rankfiles/:id/ranking',
    { schema: { tags, summary: 'The top 100 of the last sync', params: idParams, response: { 200: z.array(rankFileRankingRowSchema), ...errors } } },
    async (request) => rankFiles.rankFileRanking(request.ctx, request.params),
  );
  app.put(
    '/api/admin/rankfiles/:id/ranking/sync',
    {
      schema: {
        tags,
        summary: "Rank students by their first attempts of the file's exams, summed (refused while published)",
        params: idParams,
        response: { 200: rankFileRankStateSchema, ...errors },
      },
    },
    async (request) => rankFiles.syncRankFileRanking(request.ctx, request.params),
  );
  app.put(
    '/api/admin/rankfiles/:id/ranking/status/:status',
    {
      schema: {
        tags,
        summary: 'Publish or unpublish the ranking to students',
        params: idParams.extend({ status: z.enum(['published', 'unpublished']) }),
        response: { 200: rankFileRankStateSchema, ...errors },
      },
    },
    async (request) => rankFiles.setRankFileRankingStatus(request.ctx, { id: request.params.id, status: request.params.status }),
  );
};

const studentRankingSchema = z.object({
  title: z.string(),
  totalParticipants: z.number(),
  lastRankRefresh: z.number().nullable(),
  rows: z.array(z.object({ rank: z.number(), name: z.string(), total: z.number(), examsTaken: z.number() })),
  me: z.object({ rank: z.number(), total: z.number(), examsTaken: z.number() }).nullable(),
});

/** A rank file's published ranking, for students who may open it. */
export const studentRankFilesRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/rank-files/:id/ranking',
    {
      schema: {
        tags: ['student courses'],
        summary: "A rank file's published ranking: the top 100 and the student's own place",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: studentRankingSchema, ...errors },
      },
    },
    async (request) => rankFiles.studentRankFileRanking(request.ctx, request.params),
  );
};
