import type { Db } from '../db/database.ts';

/** What orders need to know of the student who made them. */

/** Whom a receipt is written to. */
export function receiptContact(db: Db, userId: string) {
  return db.selectFrom('users').select(['name', 'email_address']).where('id', '=', userId).executeTakeFirst();
}

/** The buyer an invoice names (the student must exist). */
export function invoiceBuyer(db: Db, userId: string) {
  return db.selectFrom('users').select(['name', 'email_address', 'phone_number']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/** Who paid, for staff to recognise in an alert. */
export function payerOf(db: Db, userId: string) {
  return db.selectFrom('users').select(['name', 'phone_number', 'email_address']).where('id', '=', userId).executeTakeFirst();
}
