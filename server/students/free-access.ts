import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';

/** An account: its id as a value, or a column holding it (`sql.ref('s.user_id')`) to check every row of a query. */
export type AccountRef = string | RawBuilder<unknown>;

/** The last 10 digits of an account's phone number, however it was written (the index users_mobile_idx). */
export const accountMobileSql = (usersAlias: string) => sql<string>`right(regexp_replace(coalesce(${sql.ref(`${usersAlias}.phone_number`)}, ''), '[^0-9]', '', 'g'), 10)`;

/**
 * The account is a current special student: its phone number is verified (the owner entered the
 * code sent to it; a number merely typed on an older account proves nothing), that number is on
 * the special-students list, and the expiry date (India's calendar) has not passed.
 */
export function isSpecialStudentSql(userId: AccountRef) {
  return sql<boolean>`exists (
    select 1 from users su join lakshya_students ls on ls.phone_number = ${accountMobileSql('su')}
    where su.id = ${userId} and su.phone_verified_at is not null
      and (ls.expiry_date is null or ls.expiry_date >= (now() at time zone 'Asia/Kolkata')::date))`;
}

/** Rate card `free_card` is free to this student: free for everyone, or free to special students and this is one. */
const freeToStudent = (userId: AccountRef) =>
  sql<boolean>`free_card.is_free and (free_card.free_mode = 'none' or (free_card.free_mode = 'lakshya-students' and ${isSpecialStudentSql(userId)}))`;

/**
 * The rate card in `column` is free to this student: free for everyone (free mode none), or free to
 * special students (free mode lakshya-students) and the student is a current special student.
 * Every entitlement check uses this one rule, through this and courseFreeSql.
 */
export function freeCardSql(column: string, userId: AccountRef) {
  return sql<boolean>`exists (select 1 from subscriptions free_card where free_card.id = ${sql.ref(column)} and ${freeToStudent(userId)})`;
}

/** The rate cards course `c` is sold under: its default card and its extra cards. */
const courseCardIds = sql`select c.course_rate_card_id union all select fcs.subscription_id from course_subscriptions fcs where fcs.course_id = c.id`;

/**
 * Course `c` is free to this student: any rate card it is sold under (the default card or one of
 * its extra cards) is free to them, by the rule of freeCardSql. A course with a paid default card
 * and an extra card free to special students is therefore open to them.
 */
export function courseFreeSql(userId: AccountRef) {
  return sql<boolean>`exists (select 1 from subscriptions free_card where free_card.id in (${courseCardIds}) and ${freeToStudent(userId)})`;
}

/**
 * Why course `c` is free to this student, for an app that explains it: 'none' when a card of it is
 * free for everyone, 'lakshya-students' when one is free to special students and they are one,
 * null when it is not free to them.
 */
export function courseFreeModeSql(userId: AccountRef) {
  return sql<'none' | 'lakshya-students' | null>`(
    select case when bool_or(free_card.free_mode = 'none') then 'none' else 'lakshya-students' end
    from subscriptions free_card where free_card.id in (${courseCardIds}) and ${freeToStudent(userId)}
    having count(*) > 0)`;
}

/**
 * Of these rate cards, those free to the student, by the rule of freeCardSql. For checkout: a
 * resource any of whose cards is free to the student is already open to them, whichever card
 * the app offers, so there is nothing to sell.
 */
export async function cardsFreeTo(db: Db, userId: string, cardIds: readonly string[]): Promise<Set<string>> {
  if (cardIds.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`
    select free_card.id from subscriptions free_card where free_card.id = any(${[...cardIds]}::uuid[]) and ${freeToStudent(userId)}`.execute(db);
  return new Set(rows.map((row) => row.id));
}
