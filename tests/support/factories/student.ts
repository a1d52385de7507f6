import type { InsertObject } from 'kysely';
import type { Db } from '../../../server/db/database.ts';
import type { Database } from '../../../server/db/types.ts';
import { createUser } from '../test-app.ts';

let counter = 0;

/** A student (no roles) with a phone and an e-mail address of their own unless given. */
export async function createStudent(db: Db, values: { name?: string; email?: string; phone?: string | null; password?: string } = {}) {
  counter += 1;
  return createUser(db, { roles: [], email: values.email ?? `student-${counter}-${Date.now()}@example.com`, ...values });
}

/** Marks a student's phone as verified (the OTP step done). */
export async function verifyPhone(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ phone_verified_at: new Date() }).where('id', '=', userId).execute();
}

export type EntitlementValues = Omit<InsertObject<Database, 'entitlements'>, 'user_id'>;

/** Gives a student what `values` say: a course, a rate card's resources, for a window or for good. */
export async function grantEntitlement(db: Db, userId: string, values: EntitlementValues): Promise<void> {
  await db
    .insertInto('entitlements')
    .values({ user_id: userId, ...values })
    .execute();
}
