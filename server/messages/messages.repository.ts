import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MessageChannel } from '../db/types.ts';

export async function insertOutboundMessage(
  db: Db,
  message: { channel: MessageChannel; recipient: string; subject: string; body: string; purpose: string },
): Promise<string> {
  const row = await db
    .insertInto('outbound_messages')
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
      purpose: message.purpose,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest messages filed in the outbox. */
export async function outboxMessages(db: Db, limit: number) {
  return db
    .selectFrom('outbound_messages')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'purpose', 'created_at'])
    .where('status', '=', 'outbox')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function findOutboundMessage(db: Db, id: string) {
  return db.selectFrom('outbound_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Files a message in the outbox: its channel has no transport. */
export async function moveToOutbox(db: Db, id: string): Promise<void> {
  await db.updateTable('outbound_messages').set({ status: 'outbox', transport: 'outbox' }).where('id', '=', id).execute();
}

/** Counts an attempt to send a message through the named transport. */
export async function recordDeliveryAttempt(db: Db, id: string, transport: string): Promise<void> {
  await db
    .updateTable('outbound_messages')
    .set({ attempts: sql`attempts + 1`, transport })
    .where('id', '=', id)
    .execute();
}

/** Records why an attempt failed; after the last attempt the message is failed. */
export async function recordDeliveryFailure(db: Db, id: string, reason: string, lastAttempt: boolean): Promise<void> {
  await db
    .updateTable('outbound_messages')
    .set({ last_error: reason, ...(lastAttempt ? { status: 'failed' as const } : {}) })
    .where('id', '=', id)
    .execute();
}

/** A delivered message: its body (which holds a code) is not kept. */
export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .updateTable('outbound_messages')
    .set({ status: 'sent', body: null, last_error: null, delivered_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
