import { sql } from 'kysely';
import { courseFreeSql, type AccountRef } from '../lakshya-students/free-access.repository.ts';

/** Who may open what through a course: the SQL every student route that serves course content uses. */

/** An active grant of the student: started, not expired, not revoked. */
export const activeGrant = (userId: AccountRef) =>
  sql<boolean>`(g.user_id = ${userId} and g.revoked_at is null and g.starts_at <= now() and (g.expires_at is null or g.expires_at > now()))`;

/** The student holds course `c`: a rate card it is sold under is free to them, or they hold the course, its rate card or one of its extra cards. */
export function courseHeldSql(userId: AccountRef) {
  return sql<boolean>`(
    ${courseFreeSql(userId)}
    or exists (
      select 1 from entitlements g
      where ${activeGrant(userId)}
        and ((g.resource_type = 'course' and g.resource_id = c.id)
          or g.subscription_id = c.course_rate_card_id
          or g.subscription_id in (select cs.subscription_id from course_subscriptions cs where cs.course_id = c.id))
    ))`;
}

/**
 * The student may open course `c`: it has no rate card, any rate card it is sold under (the default
 * or an extra one) is free to them, or they hold the course, its rate card or one of its extra cards.
 */
export function courseEntitledSql(userId: AccountRef) {
  return sql<boolean>`(c.course_rate_card_id is null or ${courseHeldSql(userId)})`;
}

/**
 * Course `c` gives the student what is in it (its lectures, exams, rank files and live classes):
 * it is published and they may open it (courseEntitledSql), or staff keep it visible and they hold
 * it, even while a publish warning keeps it offline for everyone else: buyers keep what they bought,
 * as they keep the course itself. A course hidden by staff, or deleted, gives nothing; an offline
 * course gives nothing to those who do not hold it. Exams, rank files and meeting links opened
 * through a course, and lectures (lectureEntitledSql), use this one rule.
 */
export function courseGivesContentSql(userId: AccountRef) {
  return sql<boolean>`((c.is_published and ${courseEntitledSql(userId)}) or (c.is_visible and ${courseHeldSql(userId)}))`;
}
