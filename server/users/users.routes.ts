import type { DomainRoutes } from '../domain.ts';
import { errorResponses, routeOptions } from '../http/route-options.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import {
  accountDetailSchema,
  accountDisabledBodySchema,
  accountIdParamsSchema,
  accountRolesBodySchema,
  inviteInputSchema,
} from '../../shared/auth/accounts.schema.ts';
import { usersExportQuerySchema, usersPageSchema, usersQuerySchema } from '../../shared/users/users-list.schema.ts';
import { holdingsQuerySchema, studentGrantsPageSchema, studentOrdersPageSchema } from '../../shared/users/student-holdings.schema.ts';
import { setAccountDisabled, setAccountRoles } from './account-access.service.ts';
import { getAccountDetail } from './account-detail.service.ts';
import { inviteStaff, resendInvite } from './account-invites.service.ts';
import { listGrantsOfAccount, listOrdersOfAccount } from './student-holdings.service.ts';
import { listUsers } from './users-list.service.ts';
import { exportUsers } from './users-export.ts';
import { exportRoutes } from '../exports/export-routes.ts';

const tags = ['users'];
const errors = errorResponses(400, 401, 403, 404);
/** Accounts and what they hold: administrators only. */
const admin = { ability: 'manageAccounts' as const };
const accounts = routeOptions(tags, errors, admin);
/** The list of accounts: any role with the screen. */
const listing = routeOptions(tags, errorResponses(400, 401, 403));
/** Invitations: refused for an address in use (409) and past the sending limits (429). */
const invites = routeOptions(tags, { ...errors, ...errorResponses(409, 429) }, admin);
/** Changes a stale copy or the last administrator can refuse (409). */
const accountChanges = routeOptions(tags, { ...errors, ...errorResponses(409) }, admin);

export const usersRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/admin/users',
    listing({
      summary: 'Every account, newest first, a page at a time (filters: search, lakshya, role)',
      querystring: usersQuerySchema,
      ok: usersPageSchema,
    }),
    async (request) => listUsers(request.ctx, request.query),
  );
  exportRoutes(app, { path: '/api/admin/users/export', tags, holds: 'Accounts', querystring: usersExportQuerySchema, open: exportUsers });

  app.post(
    '/api/admin/users/invites',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Invite a staff member: the account is made without a password and a single-use link to set one is mailed',
        description:
          'Answers 409 when an account with the address exists (or was invited and has not set a password: resend instead) and 429 past the invitation limits.',
        body: inviteInputSchema,
        response: { 201: accountDetailSchema, 409: errorBodySchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await inviteStaff(request.ctx, request.body)),
  );

  app.post(
    '/api/admin/users/:id/invite',
    invites({
      summary: 'Send an invited account a new link (the older links stop working)',
      params: accountIdParamsSchema,
      ok: accountDetailSchema,
    }),
    async (request) => resendInvite(request.ctx, request.params),
  );

  app.get(
    '/api/admin/users/:id',
    accounts({
      summary: 'One account: roles, status, version and lakshya-student status',
      params: accountIdParamsSchema,
      ok: accountDetailSchema,
    }),
    async (request) => getAccountDetail(request.ctx, request.params),
  );

  app.put(
    '/api/admin/users/:id/roles',
    accountChanges({
      summary: "Replace the account's roles",
      description:
        'Send the `version` from GET; a change made from an older copy answers 409. Taking the Administrator role from the last enabled administrator answers 409.',
      params: accountIdParamsSchema,
      body: accountRolesBodySchema,
      ok: accountDetailSchema,
    }),
    async (request) => setAccountRoles(request.ctx, { ...request.body, id: request.params.id }),
  );

  app.put(
    '/api/admin/users/:id/disabled',
    accountChanges({
      summary: 'Disable an account (every session ends; sign-in and recovery are refused) or enable it again',
      description: 'Send the `version` from GET. Administrators cannot disable themselves, nor the last enabled administrator (409).',
      params: accountIdParamsSchema,
      body: accountDisabledBodySchema,
      ok: accountDetailSchema,
    }),
    async (request) => setAccountDisabled(request.ctx, { ...request.body, id: request.params.id }),
  );

  app.get(
    '/api/admin/users/:id/grants',
    accounts({
      summary: 'What the account holds: its grants with their source and expiry, live first, 20 a page',
      params: accountIdParamsSchema,
      querystring: holdingsQuerySchema,
      ok: studentGrantsPageSchema,
    }),
    async (request) => listGrantsOfAccount(request.ctx, { ...request.query, id: request.params.id }),
  );

  app.get(
    '/api/admin/users/:id/orders',
    accounts({
      summary: "The account's orders in every state, newest first, 20 a page",
      params: accountIdParamsSchema,
      querystring: holdingsQuerySchema,
      ok: studentOrdersPageSchema,
    }),
    async (request) => listOrdersOfAccount(request.ctx, { ...request.query, id: request.params.id }),
  );
};
