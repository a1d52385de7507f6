import { sql } from 'kysely';
import type { Task } from 'graphile-worker';
import type { WorkerDeps } from '../deps.ts';
import { payloadOf } from './payload.ts';

/**
 * Sends one queued message through SMTP or the SMS provider, or files it in the
 * outbox when the channel has no transport. A failure is recorded and thrown, so
 * graphile-worker retries it with backoff; the last failure marks it failed.
 */
export function deliverMessage(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    const { messageId } = payloadOf('deliver-message', rawPayload);
    const message = await deps.db.selectFrom('outbound_messages').selectAll().where('id', '=', messageId).executeTakeFirst();
    if (!message || message.status === 'sent' || message.status === 'outbox' || message.body === null) return;

    const transport = message.channel === 'email' ? deps.transports.email : deps.transports.sms;
    if (!transport) {
      await deps.db
        .updateTable('outbound_messages')
        .set({ status: 'outbox', transport: 'outbox' })
        .where('id', '=', messageId)
        .execute();
      helpers.logger.info(`No ${message.channel} transport configured: message ${messageId} is in the outbox`);
      return;
    }

    await deps.db
      .updateTable('outbound_messages')
      .set({ attempts: sql`attempts + 1`, transport: transport.name })
      .where('id', '=', messageId)
      .execute();
    try {
      await transport.send({ recipient: message.recipient, subject: message.subject, body: message.body });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
      await deps.db
        .updateTable('outbound_messages')
        .set({ last_error: reason.slice(0, 1000), ...(lastAttempt ? { status: 'failed' as const } : {}) })
        .where('id', '=', messageId)
        .execute();
      throw error;
    }
    // Delivered: the body (which holds a code) is not kept.
    await deps.db
      .updateTable('outbound_messages')
      .set({ status: 'sent', body: null, last_error: null, delivered_at: sql`now()` })
      .where('id', '=', messageId)
      .execute();
  };
}
