import { sql, type RawBuilder } from 'kysely';
import { accountMobileSql } from '../students/free-access.ts';

export type PushTarget =
  | { type: 'specific-user'; userId: string }
  | { type: 'everyone' }
  | { type: 'group'; groups: ReadonlyArray<'lakshya-students' | 'purchased-users'> }
  | { type: 'course'; courseId: string };

/** The account `s.user_id` is a special student now: on the list, and its expiry date (India's calendar) not passed. */
const specialStudentSql = sql<boolean>`exists (
  select 1 from users gu join lakshya_students ls on ls.phone_number = ${accountMobileSql('gu')}
  where gu.id = s.user_id and (ls.expiry_date is null or ls.expiry_date >= (now() at time zone 'Asia/Kolkata')::date))`;

/**
 * The account `s.user_id` may open course `c`, by the rule the student apps follow
 * (courseEntitledSql in the courses domain): the course has no rate card or a free one (free for
 * everyone, or for special students and this is one), or the account holds an active grant (a paid
 * order's, or one given by hand) for the course, its rate card or one of its extra rate cards.
 */
const courseEntitledSubscriberSql = sql<boolean>`(
  c.course_rate_card_id is null
  or exists (
    select 1 from subscriptions fc
    where fc.id = c.course_rate_card_id and fc.is_free
      and (fc.free_mode = 'none' or (fc.free_mode = 'lakshya-students' and ${specialStudentSql})))
  or exists (
    select 1 from entitlements g
    where g.user_id = s.user_id and g.revoked_at is null and g.starts_at <= now() and (g.expires_at is null or g.expires_at > now())
      and ((g.resource_type = 'course' and g.resource_id = c.id)
        or g.subscription_id = c.course_rate_card_id
        or g.subscription_id in (select cs.subscription_id from course_subscriptions cs where cs.course_id = c.id))))`;

/**
 * The subscriptions a notification goes to, as SQL over `push_subscriptions s` (resolved in the
 * database, however many students there are): one account's, everyone's, or those of special
 * students (on the list, not expired) and of students with a paid order, or those of the students
 * entitled to one course.
 */
export function targetSql(target: PushTarget): RawBuilder<boolean> {
  if (target.type === 'specific-user') return sql<boolean>`s.user_id = ${target.userId}`;
  if (target.type === 'everyone') return sql<boolean>`true`;
  if (target.type === 'course') return sql<boolean>`exists (select 1 from courses c where c.id = ${target.courseId} and ${courseEntitledSubscriberSql})`;
  const parts: Array<RawBuilder<boolean>> = [];
  if (target.groups.includes('lakshya-students')) parts.push(specialStudentSql);
  if (target.groups.includes('purchased-users')) parts.push(sql<boolean>`exists (select 1 from orders o where o.user_id = s.user_id and o.status = 'paid')`);
  if (parts.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

