import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'psc-server-'));
chmodSync(dataDir, 0o755);
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('the server process (npm start without a built console)', () => {
  it('starts on the embedded database, prints how to sign in, and finishes in-flight requests on SIGTERM', async () => {
    const port = await freePort();
    server = spawn(process.execPath, ['server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        CONSOLE_DIST_DIR: path.join(dataDir, 'no-console'),
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: '',
        SESSION_SECRET: '',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 45_000;
    while (!output.includes('Worker:')) {
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
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
    expect(await exited).toBe(0);

    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    expect(() => readFileSync(pidFile), output).toThrow();
  }, 90_000);
});
