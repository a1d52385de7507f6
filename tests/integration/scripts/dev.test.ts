import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port.ts';

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
    dev = spawn(process.execPath, ['scripts/dev.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        LOG_LEVEL: 'info',
        LOG_FORMAT: '',
        NODE_ENV: 'development',
        DATABASE_URL: '',
        ADMIN_PASSWORD: '',
        SESSION_SECRET: '',
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    dev.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => dev!.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 60_000;
    while (!output.includes('Worker:')) {
      if (Date.now() > deadline) throw new Error(`npm run dev did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(existsSync(pidFile)).toBe(true);

    process.kill(-dev.pid!, 'SIGINT');
    expect(await exited, output).toBe(0);
    expect(output).toContain('SIGINT received: finishing in-flight work, then stopping');
    expect(output).not.toContain('again: exiting without waiting');
    expect(existsSync(pidFile), output).toBe(false);
  }, 120_000);
});
