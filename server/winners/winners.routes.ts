import { studentPageQuerySchema, studentPageSchema } from '../../shared/validation/paging.ts';
import { z } from 'zod';
import {
  confirmWinnerInputSchema,
  createWinnerInputSchema,
  ownWinnerSchema,
  publicWinnerSchema,
  savedWinnerSchema,
  saveWinnerInputSchema,
  WINNER_MESSAGES,
  winnerListSchema,
  winnerSchema,
} from '../../shared/winners/winners.schema.ts';
import type { DomainRoutes } from '../domain.ts';
import { createdSchema, deletedSchema, routeOptions } from '../http/route-options.ts';
import * as students from './student-winners.service.ts';
import * as winners from './winners.service.ts';

const idParams = z.object({ id: z.uuid({ error: WINNER_MESSAGES.notFound }) });
const admin = routeOptions(['winners']);
const activeSchema = z.object({ activeId: z.string().nullable() });

export const winnersRoutes: DomainRoutes = async (app) => {
  app.get('/api/admin/winners', admin({ summary: 'Every winner announcement, newest first, and the active one', ok: winnerListSchema }), async (request) =>
    winners.listWinners(request.ctx),
  );
  app.post(
    '/api/admin/winners',
    admin({
      summary: 'Draft a winner announcement (from a student, or blank)',
      description:
        'From the All users table the draft carries the student (`user`) with claimMessage "You are today\'s winner" and titleMessage "Today\'s Winner".',
      body: createWinnerInputSchema,
      ok: createdSchema,
    }),
    async (request) => winners.createWinner(request.ctx, request.body),
  );
  app.put('/api/admin/winners/deactivate', admin({ summary: 'Leave no announcement active', ok: activeSchema }), async (request) =>
    winners.deactivateWinner(request.ctx),
  );
  app.put(
    '/api/admin/winners/activate/:id',
    admin({ summary: 'Make this (published) announcement the one active announcement', params: idParams, ok: activeSchema }),
    async (request) => winners.activateWinner(request.ctx, request.params),
  );
  app.get('/api/admin/winners/:id', admin({ summary: 'One winner announcement', params: idParams, ok: winnerSchema }), async (request) =>
    winners.getWinner(request.ctx, request.params),
  );
  app.put(
    '/api/admin/winners/:id',
    admin({
      summary: 'Save a winner announcement; the answer says whether it is published and what keeps it offline',
      description: 'Send `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale`.',
      params: idParams,
      body: saveWinnerInputSchema,
      ok: savedWinnerSchema,
    }),
    async (request) => winners.saveWinner(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.delete(
    '/api/admin/winners/:id',
    admin({ summary: 'Delete a winner announcement (not the active one)', params: idParams, ok: deletedSchema }),
    async (request) => winners.deleteWinner(request.ctx, request.params),
  );
};

const student = routeOptions(['student winners']);
const studentId = z.object({ id: z.string().max(100) });

/** The winner announcements in the student apps: the day's winner for all, and the winner's own. */
export const studentWinnersRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/winners/active',
    student({ summary: "The day's winner (the active, published, public announcement), or null", ok: z.object({ winner: publicWinnerSchema.nullable() }) }),
    async (request) => students.activePublicWinner(request.ctx),
  );
  app.get(
    '/api/student/winners/mine',
    student({
      summary: "The signed-in student's own published announcements and what each asks of them",
      description: 'Pages of `pageSize` announcements (20 unless asked, at most 100), with `total`.',
      querystring: studentPageQuerySchema(),
      ok: studentPageSchema(ownWinnerSchema, { withTotal: true }),
    }),
    async (request) => students.ownWinners(request.ctx, request.query),
  );
  app.get(
    '/api/student/winners/:id',
    student({ summary: "One of the student's own announcements (anyone else's is 404)", params: studentId, ok: ownWinnerSchema }),
    async (request) => students.ownWinner(request.ctx, request.params),
  );
  app.post(
    '/api/student/winners/:id/confirm',
    student({
      summary: 'Confirm the listing and give the beneficiary name and Google Pay / UPI ID; staff are alerted',
      params: studentId,
      body: confirmWinnerInputSchema,
      ok: ownWinnerSchema,
    }),
    async (request) => students.confirmWinner(request.ctx, { id: request.params.id, ...request.body }),
  );
};
