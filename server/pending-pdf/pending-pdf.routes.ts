import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import { markSolvedSchema, pendingPdfLectureSchema } from '../../shared/lectures/pending-pdf.schema.ts';
import * as pending from './pending-pdf.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Lecture not found' }) });
const admin = routeOptions(['pending pdf'], errorResponses(400, 401, 403, 404));

export const pendingPdfRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/pending-pdf',
    admin({ summary: 'Lectures with PDF notes missing (found by the hourly check) that nobody has marked resolved', ok: z.array(pendingPdfLectureSchema) }),
    async (request) => pending.listPendingPdfs(request.ctx),
  );
  app.put(
    '/api/admin/mark-solved/:id',
    admin({ summary: "Mark a lecture's missing notes resolved, until one goes missing again", params: idParams, ok: markSolvedSchema }),
    async (request) => pending.markSolved(request.ctx, request.params),
  );
};
