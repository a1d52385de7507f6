import { parseArgs } from 'node:util';
import { listOutbox } from '../server/messages/messages.service.ts';
import { createLogger, loadConfigOrExit, openRuntime } from '../server/runtime.ts';

/**
 * `npm run outbox`: prints the messages no transport could take (no SMTP_URL for
 * e-mail, no SMS provider for SMS), newest first, so that an operator can pass on a
 * recovery code by hand.
 */
const { values } = parseArgs({ options: { limit: { type: 'string', default: '20' }, json: { type: 'boolean', default: false } } });
const config = loadConfigOrExit();
const runtime = await openRuntime(config, createLogger(config, 'outbox'));
try {
  const messages = await listOutbox(runtime.db, Math.max(1, Math.min(500, Number(values.limit) || 20)));
  if (values.json) {
    console.log(JSON.stringify(messages, null, 2));
  } else if (messages.length === 0) {
    console.log('The outbox is empty.');
  } else {
    for (const message of messages) {
      console.log(`── ${message.created_at.toISOString()}  ${message.channel} to ${message.recipient}  (${message.purpose})`);
      console.log(`   ${message.subject}`);
      console.log(`${(message.body ?? '').replace(/^/gm, '   ')}\n`);
    }
  }
} finally {
  await runtime.shutdown();
}
