import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port.ts';
import { runScript } from '../../support/script-run.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'psc-support-'));
// PostgreSQL runs as its own user when the tests run as root: it must reach the data directory.
chmodSync(dataDir, 0o755);
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const WARNING =
  'SUPPORT_PHONE (+91 00000 00000) and SUPPORT_EMAIL (support@example.com) are placeholders: students who cannot sign in are told to contact support there. Set SUPPORT_PHONE and SUPPORT_EMAIL to your own.';

describe('the start with the placeholder support contacts', () => {
  it('warns in the log and in the printed block until SUPPORT_PHONE and SUPPORT_EMAIL are set', async () => {
    const run = runScript('server/main.ts', dataDir, {
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      CONSOLE_DIST_DIR: path.join(dataDir, 'no-console'),
      RUN_WORKER: 'false',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'a-long-password',
      // Unset (blank is unset): the placeholders.
      SUPPORT_PHONE: '',
      SUPPORT_EMAIL: '',
    });
    server = run.child;
    await run.waitFor('Worker:', 60_000, 'server');
    const stdout = run.stdout();

    const entries = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.filter((entry) => entry.level === 40).map((entry) => entry.msg)).toEqual([WARNING]);
    // The printed block ends with it too, where the person who started the server looks.
    expect(stdout.trimEnd().endsWith(`  Warning:        ${WARNING}`), stdout).toBe(true);

    server.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 90_000);
});
