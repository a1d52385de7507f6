import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { createdSchema, deletedSchema, routeOptions } from '../http/route-options.ts';
import {
  createLectureInputSchema,
  lectureSchema,
  lectureSummarySchema,
  savedLectureSchema,
  saveLectureInputSchema,
} from '../../shared/lectures/lectures.schema.ts';
import * as lectures from './lectures.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Lecture not found' }) });
const admin = routeOptions(['lectures']);

export const lecturesRoutes: DomainRoutes = async (app) => {
  app.get('/api/admin/lecture', admin({ summary: 'The lecture catalogue', ok: z.array(lectureSummarySchema) }), async (request) =>
    lectures.listLectures(request.ctx),
  );
  app.post('/api/admin/lecture', admin({ summary: 'Add a lecture', body: createLectureInputSchema, ok: createdSchema }), async (request) =>
    lectures.createLecture(request.ctx, request.body),
  );
  app.get('/api/admin/lecture/:id', admin({ summary: 'One lecture', params: idParams, ok: lectureSchema }), async (request) =>
    lectures.getLecture(request.ctx, { id: request.params.id }),
  );
  app.put(
    '/api/admin/lecture/:id',
    admin({
      summary: 'Save a lecture; the answer says whether it is published and what keeps it offline',
      description:
        'Send `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale` (who saved it, when, and the version now stored).',
      params: idParams,
      body: saveLectureInputSchema,
      ok: savedLectureSchema,
    }),
    async (request) => lectures.saveLecture(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.get(
    '/api/admin/educators',
    admin({
      summary: "Accounts with the educator role: a lecture's lecturer is chosen from them",
      ok: z.array(z.object({ _id: z.string(), name: z.string(), emailAddress: z.string().nullable() })),
    }),
    async (request) => lectures.listLectureEducators(request.ctx),
  );
  app.get(
    '/api/attached-course/:id',
    admin({ summary: 'The courses whose subjects hold the lecture', params: idParams, ok: z.array(z.object({ _id: z.string(), title: z.string() })) }),
    async (request) => lectures.attachedCourses(request.ctx, request.params),
  );
  app.delete('/api/admin/lecture/:id', admin({ summary: 'Delete a lecture', params: idParams, ok: deletedSchema }), async (request) =>
    lectures.deleteLecture(request.ctx, { id: request.params.id }),
  );
};
