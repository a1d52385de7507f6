import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { queueMessage } from '../../../server/messages/messages.service.ts';
import { startMailCatcher, waitFor } from '../../support/mail-catcher.ts';
import { useDatabase } from '../../support/app-harness.ts';
import { createEmptyDatabase } from '../../support/test-database.ts';

const run = promisify(execFile);
const baseEnv = { ...process.env, LOG_LEVEL: 'warn', SESSION_SECRET: 'x'.repeat(32), NODE_ENV: 'test' };

describe('npm run db:migrate', () => {
  it('applies the migrations to an empty database, and a second run changes nothing', async () => {
    const empty = await createEmptyDatabase('migrate_cli');
    try {
      const env = { ...baseEnv, DATABASE_URL: empty.url };
      const first = await run(process.execPath, ['scripts/db-migrate.ts'], { env });
      expect(first.stdout).toMatch(/^Applied: 202611211300_users_and_sessions, 202611211310_recovery_and_messages, /);
      const second = await run(process.execPath, ['scripts/db-migrate.ts'], { env });
      expect(second.stdout.trim()).toBe('The database is up to date.');
    } finally {
      await empty.drop();
    }
  });
});

describe('npm run worker', () => {
  const database = useDatabase();

  it('delivers queued messages in its own process and stops cleanly on SIGTERM', async () => {
    const mail = await startMailCatcher();
    const worker = spawn(process.execPath, ['worker/main.ts'], {
      env: { ...baseEnv, DATABASE_URL: database.url, SMTP_URL: mail.url, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
    try {
      await waitFor(() => (output.includes('Worker running') ? true : undefined), 30_000);
      await queueMessage(database.db, { channel: 'email', recipient: 'fleet@example.com', subject: 'Hi', body: 'Sent by the fleet', purpose: 'test' });
      await waitFor(() => mail.mails.find((m) => m.to.includes('fleet@example.com')), 15_000);
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      worker.kill('SIGKILL');
      await mail.close();
    }
  }, 60_000);
});
