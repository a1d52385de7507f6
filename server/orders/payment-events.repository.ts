import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Queries of the stored Razorpay webhook events. */

/**
 * Stores an event under its id (an event not acted on is stored as processed); answers undefined
 * when the id was stored before.
 */
export function storeWebhookEvent(trx: Db, event: { id: string; type: string; providerOrderId: string | null; handled: boolean; body: string }) {
  return trx
    .insertInto('payment_events')
    .values({
      event_id: event.id,
      event_type: event.type,
      razorpay_order_id: event.providerOrderId,
      outcome: event.handled ? 'queued' : 'ignored',
      body: event.body,
      processed_at: event.handled ? null : sql<Date>`now()`,
    })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
}

export function findPaymentEvent(db: Db, eventId: string) {
  return db.selectFrom('payment_events').selectAll().where('event_id', '=', eventId).executeTakeFirst();
}

export async function markEventProcessed(db: Db, eventId: string, outcome: string): Promise<void> {
  await db
    .updateTable('payment_events')
    .set({ outcome, processed_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .execute();
}
