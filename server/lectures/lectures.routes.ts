import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import {
  createLectureInputSchema,
  lectureSchema,
  lectureSummarySchema,
  savedLectureSchema,
  saveLectureInputSchema,
} from '../../shared/lectures/lectures.schema.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import * as lectures from './lectures.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Lecture not found' }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['lectures'];

export const lecturesRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/lecture',
    { schema: { tags, summary: 'The lecture catalogue', response: { 200: z.array(lectureSummarySchema), ...errors } } },
    async (request) => lectures.listLectures(request.ctx),
  );
  app.post(
    '/api/admin/lecture',
    { schema: { tags, summary: 'Add a lecture', body: createLectureInputSchema, response: { 200: z.object({ _id: z.string() }), ...errors } } },
    async (request) => lectures.createLecture(request.ctx, request.body),
  );
  app.get(
    '/api/admin/lecture/:id',
    { schema: { tags, summary: 'One lecture', params: idParams, response: { 200: lectureSchema, ...errors } } },
    async (request) => lectures.getLecture(request.ctx, { id: request.params.id }),
  );
  app.put(
    '/api/admin/lecture/:id',
    {
      schema: {
        tags,
        summary: 'Save a lecture; the answer says whether it is published and what keeps it offline',
        description:
          'Send `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale` (who saved it, when, and the version now stored).',
        params: idParams,
        body: saveLectureInputSchema,
        response: { 200: savedLectureSchema, ...errors },
      },
    },
    async (request) => lectures.saveLecture(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.get(
    '/api/admin/educators',
    {
      schema: {
        tags,
        summary: "Accounts with the educator role: a lecture's lecturer is chosen from them",
        response: { 200: z.array(z.object({ _id: z.string(), name: z.string(), emailAddress: z.string().nullable() })), ...errors },
      },
    },
    async (request) => lectures.listLectureEducators(request.ctx),
  );
  app.get(
    '/api/attached-course/:id',
    {
      schema: {
        tags,
        summary: 'The courses whose subjects hold the lecture',
        params: idParams,
        response: { 200: z.array(z.object({ _id: z.string(), title: z.string() })), ...errors },
      },
    },
    async (request) => lectures.attachedCourses(request.ctx, request.params),
  );
  app.delete(
    '/api/admin/lecture/:id',
    { schema: { tags, summary: 'Delete a lecture', params: idParams, response: { 200: z.object({ status: z.literal('deleted') }), ...errors } } },
    async (request) => lectures.deleteLecture(request.ctx, { id: request.params.id }),
  );
};
