import type { DomainRoutes } from '../domain.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import { usersPageSchema, usersQuerySchema } from '../../shared/students/users-list.schema.ts';
import { listUsers } from './users-list.service.ts';

export const usersRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Every account, newest first, a page at a time (filters: search, lakshya, role)',
        querystring: usersQuerySchema,
        response: { 200: usersPageSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => listUsers(request.ctx, request.query),
  );
};
