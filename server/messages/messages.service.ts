import type { Db } from '../db/database.ts';
import type { MessageChannel } from '../db/types.ts';
import { enqueue } from '../jobs/enqueue.ts';

export const DELIVERY_MAX_ATTEMPTS = 8;

export interface QueuedMessage {
  channel: MessageChannel;
  recipient: string;
  subject: string;
  body: string;
  purpose: string;
}

/**
 * Records a message and queues its delivery. Call it inside the transaction that
 * creates what the message is about: both commit together or neither does.
 */
export async function queueMessage(db: Db, message: QueuedMessage): Promise<string> {
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
  await enqueue(db, 'deliver-message', { messageId: row.id }, { keyId: row.id, maxAttempts: DELIVERY_MAX_ATTEMPTS });
  return row.id;
}

/** Messages that no transport could take, for `npm run outbox`. */
export async function listOutbox(db: Db, limit = 50) {
  return db
    .selectFrom('outbound_messages')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'purpose', 'created_at'])
    .where('status', '=', 'outbox')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
