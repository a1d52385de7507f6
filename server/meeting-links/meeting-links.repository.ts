import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MeetingLinksTable } from '../db/types.ts';
import { courseGivesContentSql } from '../courses/course-content-access.repository.ts';
import { updateAtVersion } from '../editing/versions.repository.ts';

/** Every meeting link, the latest meeting first. */
export function listMeetingLinkRows(db: Db) {
  return db.selectFrom('meeting_links').selectAll().orderBy('start_date', 'desc').orderBy('created_at', 'desc').orderBy('id').execute();
}

export function meetingLinkRow(db: Db, id: string) {
  return db.selectFrom('meeting_links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The courses of these links, by title. */
export function courseRowsOfLinks(db: Db, linkIds: readonly string[]) {
  if (linkIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('meeting_link_courses as mc')
    .innerJoin('courses as c', 'c.id', 'mc.course_id')
    .select(['mc.meeting_link_id', 'c.id', 'c.title'])
    .where('mc.meeting_link_id', 'in', [...linkIds])
    .orderBy('c.title')
    .orderBy('c.id')
    .execute();
}

/**
 * Of these course ids, the ones that exist, share-locked until the transaction ends so that no
 * course can be deleted between this check and the link's save.
 */
export async function lockExistingCourses(db: Db, courseIds: readonly string[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('courses')
    .select('id')
    .where('id', 'in', [...courseIds])
    .orderBy('id')
    .forShare()
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** A new link; undefined when a link was already made by the same form (its create_request_id). */
export function insertMeetingLink(db: Db, values: Insertable<MeetingLinksTable>) {
  return db
    .insertInto('meeting_links')
    .values(values)
    .onConflict((conflict) => conflict.column('create_request_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The link made by a form earlier (read in its own statement, after the insert waited for it). */
export function meetingLinkByRequestId(db: Db, requestId: string) {
  return db.selectFrom('meeting_links').selectAll().where('create_request_id', '=', requestId).executeTakeFirst();
}

/** The link, locked for an edit. */
export function lockMeetingLink(db: Db, id: string) {
  return db.selectFrom('meeting_links').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Saves the edit if the stored version is the one given; undefined when it is not. */
export function updateMeetingLinkAtVersion(db: Db, id: string, values: Updateable<MeetingLinksTable>, version: number) {
  return updateAtVersion(db, 'meeting_links', id, version, values).returningAll().executeTakeFirst();
}

/** The link's courses become exactly these (inserted in id order, so two saves lock alike). */
export async function replaceLinkCourses(db: Db, linkId: string, courseIds: readonly string[]): Promise<void> {
  let removal = db.deleteFrom('meeting_link_courses').where('meeting_link_id', '=', linkId);
  if (courseIds.length > 0) removal = removal.where('course_id', 'not in', [...courseIds]);
  await removal.execute();
  if (courseIds.length === 0) return;
  await db
    .insertInto('meeting_link_courses')
    .values([...courseIds].sort().map((courseId) => ({ meeting_link_id: linkId, course_id: courseId })))
    .onConflict((conflict) => conflict.columns(['meeting_link_id', 'course_id']).doNothing())
    .execute();
}

/** Switches the link on or off in one statement, so two clicks at once flip it twice, never lose one; undefined when gone. */
export function flipMeetingLink(db: Db, id: string) {
  return db
    .updateTable('meeting_links')
    .set({ is_active: sql<boolean>`not is_active` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteMeetingLinkRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('meeting_links').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface LiveMeetingLinkRow {
  id: string;
  title: string;
  url: string;
  start_date: Date;
  end_date: Date;
  /** The link's courses that give the student their content now (courseGivesContentSql), by title. */
  courses: Array<{ _id: string; title: string }>;
}

/**
 * The links a student may join at the database's now: switched on, started and not ended, and
 * belonging to a course that gives the student its content (courseGivesContentSql: published and
 * open to them, or held by them while a warning keeps it offline); a link with no course is
 * nobody's. The soonest to end first.
 */
export async function liveMeetingLinkRowsFor(db: Db, userId: string): Promise<LiveMeetingLinkRow[]> {
  const { rows } = await sql<LiveMeetingLinkRow>`
    select m.id, m.title, m.url, m.start_date, m.end_date,
      json_agg(json_build_object('_id', c.id, 'title', c.title) order by c.title, c.id) as courses
    from meeting_links m
    join meeting_link_courses mc on mc.meeting_link_id = m.id
    join courses c on c.id = mc.course_id
    where m.is_active and m.start_date <= now() and m.end_date >= now() and ${courseGivesContentSql(userId)}
    group by m.id
    order by m.end_date, m.start_date, m.id`.execute(db);
  return rows;
}
