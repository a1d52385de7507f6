import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import { markSolvedSchema, pendingPdfLectureSchema } from '../../shared/lectures/pending-pdf.schema.ts';
import * as pending from './pending-pdf.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Lecture not found' }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['pending pdf'];

export const pendingPdfRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/pending-pdf',
    {
      schema: {
        tags,
        summary: 'Lectures with PDF notes missing (found by the hourly check) that nobody has marked resolved',
        response: { 200: z.array(pendingPdfLectureSchema), ...errors },
      },
    },
    async (request) => pending.listPendingPdfs(request.ctx),
  );
  app.put(
    '/api/admin/mark-solved/:id',
    {
      schema: {
        tags,
        summary: "Mark a lecture's missing notes resolved, until one goes missing again",
        params: idParams,
        response: { 200: markSolvedSchema, ...errors },
      },
    },
    async (request) => pending.markSolved(request.ctx, request.params),
  );
};
