import type { Db } from '../db/database.ts';
import type { MessageChannel } from '../db/types.ts';
import { enqueue } from '../jobs/enqueue.ts';
import * as repo from './messages.repository.ts';

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
  const id = await repo.insertOutboundMessage(db, message);
  await enqueue(db, 'deliver-message', { messageId: id }, { keyId: id, maxAttempts: DELIVERY_MAX_ATTEMPTS });
  return id;
}

/** Messages that no transport could take, for `npm run outbox`. */
export async function listOutbox(db: Db, limit = 50) {
  return repo.outboxMessages(db, limit);
}
