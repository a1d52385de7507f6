import { accountDisabledInputSchema, accountIdParamsSchema, accountRolesInputSchema, inviteInputSchema } from '../../shared/auth/accounts.schema.ts';
import { usersQuerySchema } from '../../shared/users/users-list.schema.ts';
import { holdingsInputSchema } from '../../shared/users/student-holdings.schema.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import { setAccountDisabled, setAccountRoles } from './account-access.service.ts';
import { getAccountDetail } from './account-detail.service.ts';
import { inviteStaff, resendInvite } from './account-invites.service.ts';
import { listGrantsOfAccount, listOrdersOfAccount } from './student-holdings.service.ts';
import { listUsers } from './users-list.service.ts';

export const usersRouter = ({ procedure, ability }: ScreenProcedures) => {
  /** Accounts and what they hold: administrators only. */
  const adminProcedure = ability('manageAccounts');
  return router({
    list: procedure.input(usersQuerySchema).query(({ ctx, input }) => listUsers(ctx, input)),
    detail: adminProcedure.input(accountIdParamsSchema).query(({ ctx, input }) => getAccountDetail(ctx, input)),
    grants: adminProcedure.input(holdingsInputSchema).query(({ ctx, input }) => listGrantsOfAccount(ctx, input)),
    orders: adminProcedure.input(holdingsInputSchema).query(({ ctx, input }) => listOrdersOfAccount(ctx, input)),
    invite: adminProcedure.input(inviteInputSchema).mutation(({ ctx, input }) => inviteStaff(ctx, input)),
    resendInvite: adminProcedure.input(accountIdParamsSchema).mutation(({ ctx, input }) => resendInvite(ctx, input)),
    setRoles: adminProcedure.input(accountRolesInputSchema).mutation(({ ctx, input }) => setAccountRoles(ctx, input)),
    setDisabled: adminProcedure.input(accountDisabledInputSchema).mutation(({ ctx, input }) => setAccountDisabled(ctx, input)),
  });
};
