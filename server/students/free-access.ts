import { sql, type RawBuilder } from 'kysely';

/** An account: its id as a value, or a column holding it (`sql.ref('s.user_id')`) to check every row of a query. */
export type AccountRef = string | RawBuilder<unknown>;

/** The last 10 digits of an account's phone number, however it was written (the index users_mobile_idx). */
export const accountMobileSql = (usersAlias: string) => sql<string>`right(regexp_replace(coalesce(${sql.ref(`${usersAlias}.phone_number`)}, ''), '[^0-9]', '', 'g'), 10)`;

/** The account is on the special-students list and its expiry date (India's calendar) has not passed. */
export function isSpecialStudentSql(userId: AccountRef) {
  return sql<boolean>`exists (
    select 1 from users su join lakshya_students ls on ls.phone_number = ${accountMobileSql('su')}
    where su.id = ${userId} and (ls.expiry_date is null or ls.expiry_date >= (now() at time zone 'Asia/Kolkata')::date))`;
}

/**
 * The rate card in `column` is free to this student: free for everyone (free mode none), or free to
 * special students (free mode lakshya-students) and the student is a current special student.
 * Every entitlement check uses this one rule.
 */
export function freeCardSql(column: string, userId: AccountRef) {
  return sql<boolean>`exists (
    select 1 from subscriptions free_card
    where free_card.id = ${sql.ref(column)} and free_card.is_free
      and (free_card.free_mode = 'none' or (free_card.free_mode = 'lakshya-students' and ${isSpecialStudentSql(userId)})))`;
}
