import { sql } from 'kysely';
import type { z } from 'zod';
import type { usersQuerySchema } from '../../shared/users/users-list.schema.ts';
import type { Db } from '../db/database.ts';
import { sortOrder, type SortColumn } from '../db/list-sort.ts';
import type { UserSortColumn } from '../../shared/users/users-list.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';
import { accountMobileSql } from '../lakshya-students/free-access.repository.ts';

/** Queries of the All users list. */

export type UsersFilter = Pick<z.output<typeof usersQuerySchema>, 'search' | 'lakshya' | 'role'>;

/** What the list sorts by: each column has an index on (column, id) (migration 202612020130; users_created_idx for the date). */
const USER_SORT: Record<UserSortColumn, SortColumn> = {
  name: { ref: 'u.name' },
  phoneNumber: { ref: 'u.phone_number', nullable: true },
  emailAddress: { ref: 'u.email_address', nullable: true },
  createdAt: { ref: 'u.created_at' },
};

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const onList = sql<boolean>`exists (select 1 from lakshya_students ls where ls.phone_number = ${accountMobileSql('u')})`;

/** The accounts the filter keeps: each word of the search (up to 5) in the name, phone number, e-mail address or game nickname. */
function matching(db: Db, filter: UsersFilter) {
  let base = db.selectFrom('users as u');
  for (const word of (filter.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const pattern = containing(word);
    base = base.where((eb) => eb.or(['u.name', 'u.phone_number', 'u.email_address', 'u.game_nickname'].map((column) => eb(sql.ref(column), 'ilike', pattern))));
  }
  if (filter.lakshya === 'yes') base = base.where(onList);
  if (filter.lakshya === 'no') base = base.where(sql<boolean>`not ${onList}`);
  if (filter.role === 'student') base = base.where(sql<boolean>`not (u.roles && array['admin','staff','marketing','manager']::text[])`);
  else if (filter.role) base = base.where(sql<boolean>`${filter.role} = any(u.roles)`);
  return base;
}

/** The accounts the filter keeps, in the order asked for (newest first unless told), each with its status and whether its number is on the lakshya-students list: the list's pages and its export read this one query. */
export function usersQuery(db: Db, filter: UsersFilter, sort: SortParam<UserSortColumn> = '-createdAt') {
  return matching(db, filter)
    .select(
      sql<'active' | 'invited' | 'disabled'>`case when u.disabled_at is not null then 'disabled'
        when u.password_hash is null and u.google_subject is null and exists (select 1 from account_invites i where i.user_id = u.id) then 'invited'
        else 'active' end`.as('status'),
    )
    .select(['u.id', 'u.name', 'u.phone_number', 'u.phone_verified_at', 'u.email_address', 'u.game_nickname', 'u.roles', 'u.created_at'])
    .select(onList.as('is_lakshya'))
    .orderBy(sortOrder(sort, USER_SORT, 'u.id'));
}

/** A page of the accounts, in the order asked for. */
export function usersPage(db: Db, filter: UsersFilter, sort: SortParam<UserSortColumn>, limit: number, offset: number) {
  return usersQuery(db, filter, sort).limit(limit).offset(offset).execute();
}

export async function countUsers(db: Db, filter: UsersFilter): Promise<number> {
  const count = await matching(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(count.total);
}
