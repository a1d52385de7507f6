import { sql } from 'kysely';
import type { AccountRef } from '../students/free-access.ts';
import { courseEntitledSql, courseHeldSql } from './student-courses.repository.ts';

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
