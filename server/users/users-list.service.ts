import { sql } from 'kysely';
import type { z } from 'zod';
import type { UsersPage, usersQuerySchema } from '../../shared/students/users-list.schema.ts';
import type { AppContext } from '../context.ts';
import { accountMobileSql } from '../students/free-access.repository.ts';

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** GET /api/admin/users: every account, newest first, a page at a time, filtered by the server. */
export async function listUsers(ctx: AppContext, query: z.output<typeof usersQuerySchema>): Promise<UsersPage> {
  const onList = sql<boolean>`exists (select 1 from lakshya_students ls where ls.phone_number = ${accountMobileSql('u')})`;
  let base = ctx.db.selectFrom('users as u');
  for (const word of (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const pattern = containing(word);
    base = base.where((eb) => eb.or(['u.name', 'u.phone_number', 'u.email_address', 'u.game_nickname'].map((column) => eb(sql.ref(column), 'ilike', pattern))));
  }
  if (query.lakshya === 'yes') base = base.where(onList);
  if (query.lakshya === 'no') base = base.where(sql<boolean>`not ${onList}`);
  if (query.role === 'student') base = base.where(sql<boolean>`not (u.roles && array['admin','staff','marketing','manager']::text[])`);
  else if (query.role) base = base.where(sql<boolean>`${query.role} = any(u.roles)`);
  const [rows, count] = await Promise.all([
    base
      .select(
        sql<'active' | 'invited' | 'disabled'>`case when u.disabled_at is not null then 'disabled'
          when u.password_hash is null and u.google_subject is null and exists (select 1 from account_invites i where i.user_id = u.id) then 'invited'
          else 'active' end`.as('status'),
      )
      .select(['u.id', 'u.name', 'u.phone_number', 'u.phone_verified_at', 'u.email_address', 'u.game_nickname', 'u.roles', 'u.created_at'])
      .select(onList.as('is_lakshya'))
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
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
    total: Number(count.total),
    page: query.page,
    pageSize: query.pageSize,
  };
}
