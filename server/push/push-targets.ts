import { sql, type RawBuilder } from 'kysely';
import { accountMobileSql } from '../students/free-access.ts';

export type PushTarget = { type: 'specific-user'; userId: string } | { type: 'everyone' } | { type: 'group'; groups: ReadonlyArray<'lakshya-students' | 'purchased-users'> };

/**
 * The subscriptions a notification goes to, as SQL over `push_subscriptions s` (resolved in the
 * database, however many students there are): one account's, everyone's, or those of special
 * students (on the list, not expired) and of students with a paid order.
 */
export function targetSql(target: PushTarget): RawBuilder<boolean> {
  if (target.type === 'specific-user') return sql<boolean>`s.user_id = ${target.userId}`;
  if (target.type === 'everyone') return sql<boolean>`true`;
  const parts: Array<RawBuilder<boolean>> = [];
  if (target.groups.includes('lakshya-students')) {
    parts.push(sql<boolean>`exists (
      select 1 from users gu join lakshya_students ls on ls.phone_number = ${accountMobileSql('gu')}
      where gu.id = s.user_id and (ls.expiry_date is null or ls.expiry_date >= (now() at time zone 'Asia/Kolkata')::date))`);
  }
  if (target.groups.includes('purchased-users')) parts.push(sql<boolean>`exists (select 1 from orders o where o.user_id = s.user_id and o.status = 'paid')`);
  if (parts.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

