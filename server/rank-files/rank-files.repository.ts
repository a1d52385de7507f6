import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { RankFileRow, RankFilesTable } from '../db/types.ts';
import { courseGivesContentSql } from '../courses/course-content-access.repository.ts';
import { freeCardSql } from '../lakshya-students/free-access.repository.ts';
import { updateAtVersion } from '../editing/versions.repository.ts';

/** The rank files' queries; each runs on the connection (or transaction) it is given. */

export function listRankFileRows(db: Db) {
  return db
    .selectFrom('rank_files as r')
    .leftJoin('subscriptions as s', 's.id', 'r.master_subscription_id')
    .leftJoin('assets as a', 'a.id', 'r.banner_image_id')
    .select(['r.id', 'r.title', 'r.is_published', 'r.banner_image_id', 'a.access_mode', 'r.created_at', 's.id as card_id', 's.title as card_title'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .execute();
}

export async function insertRankFile(db: Db, values: Insertable<RankFilesTable>): Promise<string> {
  return (await db.insertInto('rank_files').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export function findRankFileRow(db: Db, id: string): Promise<RankFileRow | undefined> {
  return db.selectFrom('rank_files').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockRankFile(trx: Db, id: string) {
  return trx.selectFrom('rank_files').select(['id', 'version', 'rank_version', 'is_rank_published']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The groups in order, each with its exam's title and publish state. */
export function groupRows(db: Db, rankFileId: string) {
  return db
    .selectFrom('rank_file_groups as g')
    .leftJoin('exams as e', 'e.id', 'g.exam_id')
    .select(['g.res_id', 'g.title', 'g.description', 'g.exam_id', 'e.title as exam_title', 'e.is_published as exam_is_published'])
    .where('g.rank_file_id', '=', rankFileId)
    .orderBy('g.position')
    .execute();
}

export function examFacts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('exams')
    .select(['id', 'title', 'is_published'])
    .where('id', 'in', [...ids])
    .execute();
}

export function rateCardOf(db: Db, id: string) {
  return db.selectFrom('subscriptions').select(['id', 'title', 'net_amount']).where('id', '=', id).executeTakeFirst();
}

export function updateRankFileAtVersion(db: Db, id: string, values: Omit<Updateable<RankFilesTable>, 'version' | 'updated_at'>, version: number | undefined) {
  return updateAtVersion(db, 'rank_files', id, version, values).returning(['version']).executeTakeFirst();
}

/** Makes the rank file's groups exactly these, in order, in two statements. */
export async function replaceGroups(
  trx: Db,
  rankFileId: string,
  groups: ReadonlyArray<{ resId: string; title: string; description: string; examId: string | null }>,
): Promise<void> {
  await trx.deleteFrom('rank_file_groups').where('rank_file_id', '=', rankFileId).execute();
  if (groups.length === 0) return;
  await trx
    .insertInto('rank_file_groups')
    .values(
      groups.map((group, index) => ({
        rank_file_id: rankFileId,
        position: index + 1,
        res_id: group.resId,
        title: group.title,
        description: group.description,
        exam_id: group.examId,
      })),
    )
    .execute();
}

export async function deleteRankFileRow(db: Db, id: string): Promise<boolean> {
  return (await db.deleteFrom('rank_files').where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;
}

/** Courses that list the rank file. */
export function coursesUsingRankFile(db: Db, rankFileId: string) {
  return db
    .selectFrom('course_rank_files as cr')
    .innerJoin('courses as c', 'c.id', 'cr.course_id')
    .select(['c.id', 'c.title'])
    .where('cr.rank_file_id', '=', rankFileId)
    .orderBy('c.title')
    .execute();
}

/** Rank files with a group on the exam. */
export function rankFilesUsingExam(db: Db, examId: string) {
  return db
    .selectFrom('rank_file_groups as g')
    .innerJoin('rank_files as r', 'r.id', 'g.rank_file_id')
    .select(['r.id', 'r.title'])
    .where('g.exam_id', '=', examId)
    .distinct()
    .orderBy('r.title')
    .execute();
}

/**
 * Writes version `version` of the ranking: per student, their first submitted attempts of the
 * file's exams summed, and their rank (equal totals share one: 1, 1, 3). Answers how many students.
 */
export async function writeRanking(trx: Db, rankFileId: string, version: number): Promise<number> {
  const result = await sql`
    insert into rank_file_results (rank_file_id, rank_version, user_id, total, exams_taken, rank)
    select ${rankFileId}::uuid, ${version}::int, user_id, total, taken, rank() over (order by total desc)
    from (
      select a.user_id, sum(coalesce(a.score, 0)) as total, count(*)::int as taken
      from rank_file_groups g
      join exam_attempts a on a.exam_id = g.exam_id and a.is_first and a.status = 'submitted'
      where g.rank_file_id = ${rankFileId}
      group by a.user_id
    ) as totals`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export async function deleteOtherRankings(trx: Db, rankFileId: string, version: number): Promise<void> {
  await trx.deleteFrom('rank_file_results').where('rank_file_id', '=', rankFileId).where('rank_version', '<>', version).execute();
}

export function setRanking(db: Db, rankFileId: string, values: Updateable<RankFilesTable>) {
  return db
    .updateTable('rank_files')
    .set(values)
    .where('id', '=', rankFileId)
    .returning(['is_rank_published', 'last_rank_refresh', 'rank_participants'])
    .executeTakeFirstOrThrow();
}

/** The best `limit` of the ranking's version, with the students' names and contacts. */
export function topResults(db: Db, rankFileId: string, version: number, limit: number) {
  return db
    .selectFrom('rank_file_results as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.rank', 'r.total', 'r.exams_taken', 'u.id', 'u.name', 'u.phone_number', 'u.email_address'])
    .where('r.rank_file_id', '=', rankFileId)
    .where('r.rank_version', '=', version)
    .orderBy('r.rank')
    .orderBy('u.name')
    .limit(limit)
    .execute();
}

export function studentResult(db: Db, rankFileId: string, version: number, userId: string) {
  return db
    .selectFrom('rank_file_results')
    .select(['rank', 'total', 'exams_taken'])
    .where('rank_file_id', '=', rankFileId)
    .where('rank_version', '=', version)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The student may see the rank file: it is free, or they hold it or its rate card, or a course with it gives them its content (courseGivesContentSql). */
export async function studentMayOpen(db: Db, rankFileId: string, userId: string): Promise<boolean> {
  const found = await sql<{ ok: boolean }>`
    select (
      r.master_subscription_id is null
      or ${freeCardSql('r.master_subscription_id', userId)}
      or exists (
        select 1 from entitlements g
        where g.user_id = ${userId} and g.revoked_at is null and g.starts_at <= now() and (g.expires_at is null or g.expires_at > now())
          and ((g.resource_type = 'rankfile' and g.resource_id = r.id) or g.subscription_id = r.master_subscription_id)
      )
      or exists (
        select 1 from course_rank_files cr join courses c on c.id = cr.course_id
        where cr.rank_file_id = r.id and ${courseGivesContentSql(userId)}
      )
    ) as ok
    from rank_files r where r.id = ${rankFileId}`.execute(db);
  return found.rows[0]?.ok ?? false;
}

/** The id and title of each of these rank files that exists. */
export function rankFileTitles(db: Db, ids: readonly string[]): Promise<Array<{ id: string; title: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('rank_files').select(['id', 'title']).where('id', 'in', ids).execute();
}
