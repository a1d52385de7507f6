import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { routeOptions } from '../http/route-options.ts';
import { EXAM_SAVE_BODY_LIMIT } from '../plugins/body-limits.ts';
import {
  regradeAppliedSchema,
  regradeApplyInputSchema,
  regradeDryRunInputSchema,
  regradeDryRunSchema,
  regradeRecordSchema,
} from '../../shared/exams/regrade.schema.ts';
import * as regrades from './regrade.service.ts';

const examIdParams = z.object({ examId: z.string().min(1) });
const admin = routeOptions(['exams']);

/** Regrading an exam whose attempts are submitted: a dry run, applying it, and the exam's regrades. */
export const regradeRoutes: DomainRoutes = async (app) => {
  app.post(
    '/api/admin/exams/:examId/regrade/dry-run',
    {
      bodyLimit: EXAM_SAVE_BODY_LIMIT,
      ...admin({
        summary: 'What saving the exam this way would do to its submitted attempts and ranking (nothing is written)',
        description:
          'The body is the one a save sends (`value`, `version`). The answer lists the changes in marking, how many scores change and by how much, ' +
          'who moves in the ranking (the largest moves each way) and the top 100 before and after. A change that re-marks nothing answers 400.',
        params: examIdParams,
        body: regradeDryRunInputSchema,
        ok: regradeDryRunSchema,
      }),
    },
    async (request) => regrades.regradeDryRun(request.ctx, { ...request.body, id: request.params.examId }),
  );
  app.post(
    '/api/admin/exams/:examId/regrade',
    {
      bodyLimit: EXAM_SAVE_BODY_LIMIT,
      ...admin({
        summary: 'Save the exam and regrade every submitted attempt and the ranking, in one transaction',
        description:
          "The body is a save's (`value`, `version`) and the `reason` students read on their result (1 to 500 characters). " +
          'Refused with 409 and `stale` when the exam was saved since `version`; a change that re-marks nothing answers 400.',
        params: examIdParams,
        body: regradeApplyInputSchema,
        ok: regradeAppliedSchema,
      }),
    },
    async (request) => regrades.applyRegrade(request.ctx, { ...request.body, id: request.params.examId }),
  );
  app.get(
    '/api/admin/exams/:examId/regrades',
    admin({ summary: "The exam's regrades, newest first (up to 100)", params: examIdParams, ok: z.array(regradeRecordSchema) }),
    async (request) => regrades.listRegrades(request.ctx, { examId: request.params.examId }),
  );
};
