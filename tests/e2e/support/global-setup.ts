import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole } from '../../../scripts/console-build.ts';
import { E2E_ADMIN, E2E_SUPPORT, E2E_V2_DASHBOARD_URL } from './accounts.ts';
import { startPushServiceStandIn } from '../../support/push-service-stand-in.ts';
import { startRazorpayStandIn } from '../../support/razorpay-stand-in.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Asks the system for a port nobody listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitUntilReady(url: string, server: ChildProcess, logFile: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${server.exitCode} before it was ready:\n${readFileSync(logFile, 'utf8')}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server was not ready after ${timeoutMs / 1000} s:\n${readFileSync(logFile, 'utf8')}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
  await exited(server);
  clearTimeout(timer);
}

/**
 * PostgreSQL (a separate process) may still be writing its last files just after the
 * server exits, and a removal racing with it leaves a half-deleted tree: retry until gone.
 */
async function removeDirectory(dir: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (!existsSync(dir)) return;
    if (Date.now() > deadline) throw new Error(`Could not remove ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Builds the console into a temporary directory, starts the real server on a free
 * port with a fresh data directory (its own embedded PostgreSQL) and waits for
 * /readyz. The returned function is Playwright's teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'psc-e2e-'));
  // PostgreSQL runs as its own user when we are root: it must be able to reach the data directory.
  chmodSync(workDir, 0o755);
  const consoleDir = path.join(workDir, 'console');
  const dataDir = path.join(workDir, 'data');
  mkdirSync(dataDir, { recursive: true });

  let server: ChildProcess | undefined;
  // Checkout runs against a Razorpay stand-in in this process (tests pay through its /__standin routes).
  const razorpay = await startRazorpayStandIn();
  // Push notifications go to a push-service stand-in (tests subscribe and read through its /__standin routes).
  const pushService = await startPushServiceStandIn();
  const teardown = async () => {
    if (server) await stop(server);
    await razorpay.close();
    await pushService.close();
    await removeDirectory(workDir);
  };

  try {
    // The same build `npm start` makes (it keeps this process's NODE_ENV as it was).
    await buildConsole(consoleDir);

    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const logFile = path.join(workDir, 'server.log');
    const log = createWriteStream(logFile);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CONSOLE_DIST_DIR: consoleDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_NAME: E2E_ADMIN.name,
      V2_DASHBOARD_URL: E2E_V2_DASHBOARD_URL,
      SUPPORT_PHONE: E2E_SUPPORT.phone,
      SUPPORT_EMAIL: E2E_SUPPORT.email,
      LOG_LEVEL: 'warn',
      ...razorpay.env,
      PUSH_ENDPOINT_HOSTS: pushService.host,
      PUSH_CA_FILE: pushService.caFile,
    };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ['server/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.pipe(log);
    server.stderr?.pipe(log);
    await waitUntilReady(`${baseURL}/readyz`, server, logFile);

    // Read by playwright.config.ts in the workers and by the helpers.
    process.env.E2E_BASE_URL = baseURL;
    process.env.E2E_DATA_DIR = dataDir;
    process.env.E2E_REPO_ROOT = repoRoot;
    process.env.E2E_RAZORPAY_URL = razorpay.url;
    process.env.E2E_PUSH_URL = pushService.url;
    process.env.E2E_PUSH_CA_FILE = pushService.caFile;
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
