import { sql, type RawBuilder } from 'kysely';
import { courseEntitledSql } from '../courses/course-content-access.repository.ts';
import type { Db } from '../db/database.ts';
import { accountMobileSql, isLakshyaStudentSql } from '../lakshya-students/free-access.repository.ts';

export type PushTarget =
  | { type: 'specific-user'; userId: string }
  | { type: 'everyone' }
  | { type: 'group'; groups: ReadonlyArray<'lakshya-students' | 'purchased-users'> }
  | { type: 'course'; courseId: string };

const subscriber = sql.ref('s.user_id');

/**
 * The subscriptions a notification goes to, as SQL over `push_subscriptions s` (resolved in the
 * database, however many students there are): one account's, everyone's, or those of special
 * students (on the list, not expired) and of students with a paid order, or those of the students
 * entitled to one course.
 */
export function targetSql(target: PushTarget): RawBuilder<boolean> {
  if (target.type === 'specific-user') return sql<boolean>`s.user_id = ${target.userId}`;
  if (target.type === 'everyone') return sql<boolean>`true`;
  // The rule the student apps follow to open the course, for each subscription's account.
  if (target.type === 'course') return sql<boolean>`exists (select 1 from courses c where c.id = ${target.courseId} and ${courseEntitledSql(subscriber)})`;
  const parts: Array<RawBuilder<boolean>> = [];
  if (target.groups.includes('lakshya-students')) parts.push(isLakshyaStudentSql(subscriber));
  if (target.groups.includes('purchased-users')) parts.push(sql<boolean>`exists (select 1 from orders o where o.user_id = s.user_id and o.status = 'paid')`);
  if (parts.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** Whether any subscription is in the target. */
export async function targetHasSubscription(db: Db, target: PushTarget): Promise<boolean> {
  return (await db.selectFrom('push_subscriptions as s').select('s.id').where(targetSql(target)).limit(1).executeTakeFirst()) !== undefined;
}

export async function findCourseTitle(db: Db, courseId: string): Promise<{ id: string; title: string } | undefined> {
  return db.selectFrom('courses').select(['id', 'title']).where('id', '=', courseId).executeTakeFirst();
}

/** The account written with this mobile number: one whose number is verified first, then the oldest. */
export async function accountWithMobile(db: Db, mobile: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('users as u')
    .select('u.id')
    .where(accountMobileSql('u'), '=', mobile)
    .orderBy(sql`u.phone_verified_at is null`)
    .orderBy('u.created_at')
    .executeTakeFirst();
}

/** Whether the account has a subscription. */
export async function hasSubscription(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}
