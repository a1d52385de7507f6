import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port.ts';
import { runScript } from '../../support/script-run.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'psc-server-'));
chmodSync(dataDir, 0o755);
const rootOnly = mkdtempSync(path.join(os.tmpdir(), 'psc-root-only-'));
chmodSync(rootOnly, 0o700);
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(rootOnly, { recursive: true, force: true });
});

/** The start banner's lines (indented) and blank lines; everything else on stdout is the log. */
const isBannerLine = (line: string) => line.trim() === '' || line.startsWith('  ');

describe('the server process (npm start without a built console)', () => {
  it('starts on the embedded database, prints how to sign in, and finishes in-flight requests on SIGTERM', async () => {
    const port = await freePort();
    const run = runScript('server/main.ts', dataDir, {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_FORMAT: '',
      CONSOLE_DIST_DIR: path.join(dataDir, 'no-console'),
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: '',
      SESSION_SECRET: '',
      // Real contacts: with the placeholders the start warns (support-contacts-warning.test.ts).
      SUPPORT_PHONE: '+91 471 255 0000',
      SUPPORT_EMAIL: 'help@pscacademy.in',
    });
    server = run.child;
    await run.waitFor('Worker:', 45_000, 'server');
    const output = run.output();
    const stdout = run.stdout();
    const stderr = run.stderr();
    // Not on a terminal, the log is JSON lines, and a normal start says nothing alarming.
    expect(stderr, output).toBe('');
    const logLines = stdout.split('\n').filter((line) => !isBannerLine(line));
    const entries = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.map((entry) => entry.msg)).toContain('Embedded PostgreSQL started');
    expect(
      entries.filter((entry) => entry.level >= 40),
      output,
    ).toEqual([]);
    expect(output).not.toContain('crontab');
    // The banner comes last, after every line the start logged.
    expect(stdout.trimEnd().endsWith(`Worker:         running in this process (concurrency 2)`), stdout).toBe(true);
    expect(entries.map((entry) => entry.msg)).toContain(`Server listening at http://127.0.0.1:${port}`);
    const base = `http://127.0.0.1:${port}`;
    expect(output).toContain(`Admin console:  ${base}/`);
    const password = /Sign in as owner@example.com with password (\S+)/.exec(output)?.[1];
    expect(password, output).toBeDefined();
    expect(output).toContain(`(shown once: change it at ${base}/account/password)`);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: 'owner@example.com', password }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).roles).toEqual(['admin']);

    // Requests in flight when SIGTERM arrives still get their answers.
    const inFlight = Array.from({ length: 8 }, (_, i) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailAddress: `someone${i}@example.com`, password: 'wrong' }),
      }).then((r) => r.status),
    );
    // Long enough for the requests to reach the server, shorter than their password checks.
    await new Promise((resolve) => setTimeout(resolve, 150));
    server.kill('SIGTERM');
    expect(await Promise.all(inFlight)).toEqual(Array(8).fill(401));
    expect(await run.exited).toBe(0);

    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    expect(() => readFileSync(pidFile), output).toThrow();
  }, 90_000);

  it('stops with one line saying why, and what to do, when started by root on data user postgres cannot reach', async (context) => {
    if (process.getuid?.() !== 0) context.skip('only root hands the server to user postgres; run the suite as root to test this');
    // Data made while its folder was open, in a folder since closed to everyone but root.
    const closedDataDir = path.join(rootOnly, 'data');
    mkdirSync(path.join(closedDataDir, 'postgres'), { recursive: true });
    writeFileSync(path.join(closedDataDir, 'postgres', 'PG_VERSION'), '18\n');
    const refused = spawn(process.execPath, ['server/main.ts'], {
      env: { ...process.env, DATA_DIR: closedDataDir, PORT: String(await freePort()), LOG_LEVEL: 'info', LOG_FORMAT: '', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    refused.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    refused.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => refused.once('exit', (exitCode) => resolve(exitCode)));

    expect(code).toBe(1);
    expect(stderr.trim().split('\n'), stderr).toHaveLength(1);
    expect(stderr).toMatch(/^Cannot start the embedded PostgreSQL: .*cannot enter /);
    expect(stderr).toContain(`chmod o+x ${rootOnly}`);
    expect(stdout + stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});
