import type { Task } from 'graphile-worker';
import { findOutboundMessage, markSent, moveToOutbox, recordDeliveryAttempt, recordDeliveryFailure } from '../../server/messages/messages.repository.ts';
import type { WorkerDeps } from '../deps.ts';
import { taskPayload } from './payload.ts';

/**
 * Sends one queued message through SMTP or the SMS provider, or files it in the
 * outbox when the channel has no transport. A failure is recorded and thrown, so
 * graphile-worker retries it with backoff; the last failure marks it failed.
 */
export function deliverMessage(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    const { messageId } = taskPayload('deliver-message', rawPayload);
    const message = await findOutboundMessage(deps.db, messageId);
    if (!message || message.status === 'sent' || message.status === 'outbox' || message.body === null) return;

    const transport = message.channel === 'email' ? deps.transports.email : deps.transports.sms;
    if (!transport) {
      await moveToOutbox(deps.db, messageId);
      helpers.logger.info(`No ${message.channel} transport configured: message ${messageId} is in the outbox`);
      return;
    }

    await recordDeliveryAttempt(deps.db, messageId, transport.name);
    try {
      await transport.send({ recipient: message.recipient, subject: message.subject, body: message.body });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
      await recordDeliveryFailure(deps.db, messageId, reason.slice(0, 1000), lastAttempt);
      throw error;
    }
    // Delivered: the body (which holds a code) is not kept.
    await markSent(deps.db, messageId);
  };
}
