import { z } from 'zod';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
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
import * as students from './student-winners.service.ts';
import * as winners from './winners.service.ts';

const idParams = z.object({ id: z.uuid({ error: WINNER_MESSAGES.notFound }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['winners'];
const activeSchema = z.object({ activeId: z.string().nullable() });

export const winnersRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/winners',
    { schema: { tags, summary: 'Every winner announcement, newest first, and the active one', response: { 200: winnerListSchema, ...errors } } },
    async (request) => winners.listWinners(request.ctx),
  );
  app.post(
    '/api/admin/winners',
    {
      schema: {
        tags,
        summary: 'Draft a winner announcement (from a student, or blank)',
        description:
          'From the All users table the draft carries the student (`user`) with claimMessage "You are today\'s winner" and titleMessage "Today\'s Winner".',
        body: createWinnerInputSchema,
        response: { 200: z.object({ _id: z.string() }), ...errors },
      },
    },
    async (request) => winners.createWinner(request.ctx, request.body),
  );
  app.put(
    '/api/admin/winners/deactivate',
    { schema: { tags, summary: 'Leave no announcement active', response: { 200: activeSchema, ...errors } } },
    async (request) => winners.deactivateWinner(request.ctx),
  );
  app.put(
    '/api/admin/winners/activate/:id',
    {
      schema: { tags, summary: 'Make this (published) announcement the one active announcement', params: idParams, response: { 200: activeSchema, ...errors } },
    },
    async (request) => winners.activateWinner(request.ctx, request.params),
  );
  app.get(
    '/api/admin/winners/:id',
    { schema: { tags, summary: 'One winner announcement', params: idParams, response: { 200: winnerSchema, ...errors } } },
    async (request) => winners.getWinner(request.ctx, request.params),
  );
  app.put(
    '/api/admin/winners/:id',
    {
      schema: {
        tags,
        summary: 'Save a winner announcement; the answer says whether it is published and what keeps it offline',
        description: 'Send `version` (from GET) to save only if nobody saved it since you read it: otherwise 409 with `stale`.',
        params: idParams,
        body: saveWinnerInputSchema,
        response: { 200: savedWinnerSchema, ...errors },
      },
    },
    async (request) => winners.saveWinner(request.ctx, { id: request.params.id, ...request.body }),
  );
  app.delete(
    '/api/admin/winners/:id',
    {
      schema: {
        tags,
        summary: 'Delete a winner announcement (not the active one)',
        params: idParams,
        response: { 200: z.object({ status: z.literal('deleted') }), ...errors },
      },
    },
    async (request) => winners.deleteWinner(request.ctx, request.params),
  );
};

const studentTags = ['student winners'];
const studentId = z.object({ id: z.string().max(100) });

/** The winner announcements in the student apps: the day's winner for all, and the winner's own. */
export const studentWinnersRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/winners/active',
    {
      schema: {
        tags: studentTags,
        summary: "The day's winner (the active, published, public announcement), or null",
        response: { 200: z.object({ winner: publicWinnerSchema.nullable() }), ...errors },
      },
    },
    async (request) => students.activePublicWinner(request.ctx),
  );
  app.get(
    '/api/student/winners/mine',
    {
      schema: {
        tags: studentTags,
        summary: "The signed-in student's own published announcements and what each asks of them",
        response: { 200: z.object({ items: z.array(ownWinnerSchema) }), ...errors },
      },
    },
    async (request) => students.ownWinners(request.ctx),
  );
  app.get(
    '/api/student/winners/:id',
    {
      schema: {
        tags: studentTags,
        summary: "One of the student's own announcements (anyone else's is 404)",
        params: studentId,
        response: { 200: ownWinnerSchema, ...errors },
      },
    },
    async (request) => students.ownWinner(request.ctx, request.params),
  );
  app.post(
    '/api/student/winners/:id/confirm',
    {
      schema: {
        tags: studentTags,
        summary: 'Confirm the listing and give the beneficiary name and Google Pay / UPI ID; staff are alerted',
        params: studentId,
        body: confirmWinnerInputSchema,
        response: { 200: ownWinnerSchema, ...errors },
      },
    },
    async (request) => students.confirmWinner(request.ctx, { id: request.params.id, ...request.body }),
  );
};
