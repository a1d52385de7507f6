import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port.ts';
import { runScript } from '../../support/script-run.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'psc-dev-'));
chmodSync(dataDir, 0o755);
const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
let dev: ChildProcess | undefined;

afterAll(() => {
  // Whatever a failed run left behind: the dev processes, then the database server.
  if (dev?.pid) {
    try {
      process.kill(-dev.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (existsSync(pidFile)) {
    try {
      process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
    } catch {
      // Already gone.
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('stops the server once on Ctrl-C, which finishes its work and stops PostgreSQL', async () => {
    // Its own process group, like a terminal's foreground job: Ctrl-C signals every process in it.
    const run = runScript(
      'scripts/dev.ts',
      dataDir,
      { PORT: String(await freePort()), LOG_FORMAT: '', ADMIN_PASSWORD: '', SESSION_SECRET: '' },
      { detached: true },
    );
    dev = run.child;
    await run.waitFor('Worker:', 60_000, 'npm run dev');
    expect(existsSync(pidFile)).toBe(true);

    process.kill(-dev.pid!, 'SIGINT');
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain('SIGINT received: finishing in-flight work, then stopping');
    expect(run.output()).not.toContain('again: exiting without waiting');
    expect(existsSync(pidFile), run.output()).toBe(false);
  }, 120_000);
});
