import type { z } from 'zod';
import type { UsersPage, usersQuerySchema } from '../../shared/users/users-list.schema.ts';
import type { AppContext } from '../context.ts';
import { countUsers, usersPage } from './users-list.repository.ts';

/** GET /api/admin/users: every account, in the order asked for (newest first unless told), a page at a time, filtered by the server. */
export async function listUsers(ctx: AppContext, query: z.output<typeof usersQuerySchema>): Promise<UsersPage> {
  const [rows, total] = await Promise.all([usersPage(ctx.db, query, query.sort, query.pageSize, (query.page - 1) * query.pageSize), countUsers(ctx.db, query)]);
  return {
    users: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      phoneNumber: row.phone_number,
      phoneVerified: row.phone_verified_at !== null,
      emailAddress: row.email_address,
      isLakshyaStudent: row.is_lakshya,
      gameNickname: row.game_nickname,
      roles: row.roles,
      createdAt: row.created_at.toISOString(),
      status: row.status,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
