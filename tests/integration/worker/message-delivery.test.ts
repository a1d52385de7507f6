import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMessage } from '../../../server/messages/messages.service.ts';
import { deliverMessage } from '../../../worker/tasks/deliver-message.ts';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { startMailCatcher, waitFor } from '../../support/mail-catcher.ts';
import { createUser, testConfig } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { startTestWorker } from '../../support/test-worker.ts';

const run = promisify(execFile);

const harness = useApp({ roles: [] });
const asNobody = harness.injectAs('nobody');

async function messageRow(recipient: string) {
  return harness.db.selectFrom('outbound_messages').selectAll().where('recipient', '=', recipient).executeTakeFirst();
}

describe('without SMTP or an SMS provider', () => {
  let worker: WorkerHandle;
  beforeAll(async () => {
    worker = await startTestWorker(harness.database, testConfig());
  });
  afterAll(async () => {
    await worker?.stop();
  });

  it('files the recovery code in the outbox, which npm run outbox prints', async () => {
    await createUser(harness.db, { email: 'outbox@example.com' });
    const { options } = (await asNobody('POST', '/api/auth/recovery/initiate', { emailAddress: 'outbox@example.com' })).json();
    const channel = await asNobody('POST', '/api/auth/recovery/recovery-channel', { options: [{ ...options[0], challenge: 'outbox@example.com' }] });
    expect(channel.statusCode).toBe(200);
    const row = await waitFor(async () => {
      const found = await messageRow('outbox@example.com');
      return found?.status === 'outbox' ? found : undefined;
    });
    expect(row).toMatchObject({ transport: 'outbox', channel: 'email', purpose: 'account-recovery' });
    const code = /account is ([0-9]{6})\./.exec(row.body!)![1]!;

    const { stdout } = await run(process.execPath, ['scripts/outbox.ts'], {
      env: { ...process.env, DATABASE_URL: harness.database.url, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(32) },
    });
    expect(stdout).toContain('email to outbox@example.com  (account-recovery)');
    expect(stdout).toContain(`Your code to reset the password of your account is ${code}.`);

    const verified = await asNobody('POST', '/api/auth/recovery/otp-verification', { otp: code, otpToken: channel.json().otpToken });
    expect(verified.json()).toEqual({ status: 'valid' });
  });
});

describe('with an SMTP server that fails at first', () => {
  it('retries the delivery until it succeeds', async () => {
    const mail = await startMailCatcher({ failFirst: 1 });
    const config = testConfig({ SMTP_URL: mail.url });
    const worker = await startTestWorker(harness.database, config);
    try {
      await queueMessage(harness.db, {
        channel: 'email',
        recipient: 'retry@example.com',
        subject: 'Hello',
        body: 'Body text',
        purpose: 'test',
      });
      const sent = await waitFor(async () => {
        const row = await messageRow('retry@example.com');
        return row?.status === 'sent' ? row : undefined;
      }, 20_000);
      expect(sent.attempts).toBe(2);
      expect(sent.body).toBeNull();
      expect(mail.mails.filter((m) => m.to.includes('retry@example.com'))).toHaveLength(1);
    } finally {
      await worker.stop();
      await mail.close();
    }
  });

  it('marks the message failed, with the reason, after the last attempt', async () => {
    const mail = await startMailCatcher({ failFirst: 100 });
    const config = testConfig({ SMTP_URL: mail.url });
    const { transportsFromConfig } = await import('../../../server/messages/transports.ts');
    const { createStorage } = await import('../../../server/assets/storage/index.ts');
    const task = deliverMessage({ db: harness.db, config, transports: transportsFromConfig(config), storage: createStorage(config) });
    const id = await queueMessage(harness.db, {
      channel: 'email',
      recipient: 'never@example.com',
      subject: 'Hello',
      body: 'Body text',
      purpose: 'test',
    });
    const helpers = { job: { attempts: 8, max_attempts: 8 }, logger: { info: () => {} } } as never;
    try {
      await expect(task({ messageId: id }, helpers)).rejects.toThrow(/451/);
    } finally {
      await mail.close();
    }
    const row = await messageRow('never@example.com');
    expect(row).toMatchObject({ status: 'failed', transport: 'smtp', attempts: 1 });
    expect(row!.last_error).toContain('Mailbox temporarily unavailable');
  });
});
