import type { InsertObject } from 'kysely';
import type { Db } from '../../../server/db/database.ts';
import type { Database } from '../../../server/db/types.ts';

export type RateCardValues = InsertObject<Database, 'subscriptions'>;
export type CourseValues = InsertObject<Database, 'courses'>;

/** A rate card (subscription) row of exactly these values; answers its id. */
export async function createRateCard(db: Db, values: RateCardValues): Promise<string> {
  return (await db.insertInto('subscriptions').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** A rate card at ₹`gross` + 18% GST: the figures a paid card stores. */
export function paidRateCardValues(gross: number) {
  return { gross_amount: gross, gst_rate: 18, gst_amount: Math.round(gross * 18) / 100, net_amount: Math.round(gross * 118) / 100 };
}

/** Free to students on the lakshya-students (Lakshya) list. */
export const LAKSHYA_FREE = { is_free: true, free_mode: 'lakshya-students' } as const;

export async function createCourse(db: Db, values: CourseValues): Promise<string> {
  return (await db.insertInto('courses').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** A published course sold under a new rate card of `card`'s values. */
export async function createCourseForSale(db: Db, course: CourseValues, card: RateCardValues): Promise<{ cardId: string; courseId: string }> {
  const cardId = await createRateCard(db, card);
  const courseId = await createCourse(db, { is_published: true, is_visible: true, course_rate_card_id: cardId, ...course });
  return { cardId, courseId };
}
