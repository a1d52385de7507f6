import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MeetingLinksTable } from '../db/types.ts';

/** Every meeting link, the latest meeting first. */
export function listMeetingLinkRows(db: Db) {
  return db.selectFrom('meeting_links').selectAll().orderBy('start_date', 'desc').orderBy('created_at', 'desc').orderBy('id').execute();
}

export function insertMeetingLink(db: Db, values: Insertable<MeetingLinksTable>) {
  return db.insertInto('meeting_links').values(values).returningAll().executeTakeFirstOrThrow();
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

/** The links students may join at the database's now: switched on, started and not ended; the soonest to end first. */
export function liveMeetingLinkRows(db: Db) {
  return db
    .selectFrom('meeting_links')
    .select(['id', 'title', 'url', 'start_date', 'end_date'])
    .where('is_active', '=', true)
    .where('start_date', '<=', sql<Date>`now()`)
    .where('end_date', '>=', sql<Date>`now()`)
    .orderBy('end_date')
    .orderBy('start_date')
    .orderBy('id')
    .execute();
}
