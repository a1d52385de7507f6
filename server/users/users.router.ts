import { usersQuerySchema } from '../../shared/students/users-list.schema.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import { listUsers } from './users-list.service.ts';

export const usersRouter = ({ procedure }: ScreenProcedures) => router({ list: procedure.input(usersQuerySchema).query(({ ctx, input }) => listUsers(ctx.ctx, input)) });
