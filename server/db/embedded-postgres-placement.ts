import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root, so a product started by root runs its embedded server
 * as user postgres. That user must be able to run the binaries and open the data folder; a
 * project in /root (mode 700) allows neither. This module decides where the binaries and the
 * cluster live so that it can, or says in one line why it cannot.
 */

export const POSTGRES_USER = 'postgres';

/** Where root keeps what user postgres cannot reach inside the project. */
export const DEFAULT_SHARED_DIR = '/var/lib/psc-exam-console';

/** The embedded server cannot run here; the message is one line saying why and what to do. */
export class EmbeddedPostgresUnavailable extends Error {
  constructor(why: string, whatToDo: string) {
    super(`Cannot start the embedded PostgreSQL: ${why}. ${whatToDo}.`);
    this.name = 'EmbeddedPostgresUnavailable';
  }
}

export interface RunAs {
  uid: number;
  gid: number;
}

export interface Placement {
  /** The folder with bin/, lib/ and share/ of the PostgreSQL to run. */
  binaries: string;
  /** The cluster's folder as postgres is given it (-D): links resolved. */
  clusterDir: string;
  /** The user the server runs as when this process is root. */
  runAs?: RunAs;
}

export interface PlacementOptions {
  dataDir: string;
  binaries: string;
  sharedDir: string;
  /** Lines an operator should see (what was moved where). */
  notice: (line: string) => void;
}

const AS_ROOT_ADVICE = 'start the product as an ordinary user, or set DATABASE_URL to a PostgreSQL server';

export function placeEmbeddedPostgres(options: PlacementOptions): Placement {
  const link = path.join(options.dataDir, 'postgres');
  if (process.getuid?.() !== 0) return { binaries: options.binaries, clusterDir: link };
  const runAs = ensurePostgresUser(options.notice);
  // Decide about the data first: a refusal there must leave nothing made elsewhere.
  const cluster = planCluster(options, runAs);
  const binaries = reachableBinaries(options, runAs);
  if (cluster.move) moveCluster(options, runAs, cluster.move);
  return { binaries, clusterDir: cluster.clusterDir, runAs };
}

function postgresIds(): RunAs | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, POSTGRES_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

function firstLineOf(error: unknown): string {
  const stderr = (error as { stderr?: Buffer | string }).stderr?.toString().trim();
  return (stderr || (error instanceof Error ? error.message : String(error))).split('\n')[0]!;
}

function ensurePostgresUser(notice: (line: string) => void): RunAs {
  const found = postgresIds();
  if (found) return found;
  try {
    const groupExists = spawnSync('getent', ['group', POSTGRES_USER]).status === 0;
    execFileSync('useradd', ['--system', '--no-create-home', ...(groupExists ? ['--gid', POSTGRES_USER] : ['--user-group']), POSTGRES_USER], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    throw new EmbeddedPostgresUnavailable(
      `started by root, it must run as user "${POSTGRES_USER}", which does not exist and could not be created (${firstLineOf(error)})`,
      `Create that user (useradd --system ${POSTGRES_USER}), ${AS_ROOT_ADVICE}`,
    );
  }
  const created = postgresIds();
  if (!created) {
    throw new EmbeddedPostgresUnavailable(`user "${POSTGRES_USER}" was created but cannot be found`, `Check the system's user database, ${AS_ROOT_ADVICE}`);
  }
  notice(`Created the system user "${POSTGRES_USER}" to run the embedded PostgreSQL`);
  return created;
}

/** The folders from the root down to `target`, each of which a user must be able to enter to reach it. */
function ancestry(target: string): string[] {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  return parts.map((_, i) => path.sep + parts.slice(0, i + 1).join(path.sep));
}

/**
 * The first of `paths` that user postgres cannot pass (enter a folder, run a file), asked of
 * that user itself, dropped to the same way the server is started, so that modes, ACLs and
 * mount options all count.
 */
function firstClosed(runAs: RunAs, paths: string[]): string | undefined {
  const script = 'for p in "$@"; do test -x "$p" || { printf "%s" "$p"; exit 1; }; done';
  const result = spawnSync('/bin/sh', ['-c', script, 'sh', ...paths], { ...runAs, cwd: '/', encoding: 'utf8' });
  if (result.error) throw result.error;
  return result.status === 0 ? undefined : result.stdout || paths[0];
}

function lstatOrUndefined(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

interface ClusterMove {
  link: string;
  home: string;
  target: string;
  closed: string;
}

function planCluster(options: PlacementOptions, runAs: RunAs): { clusterDir: string; move?: ClusterMove } {
  const { dataDir } = options;
  const link = path.join(dataDir, 'postgres');
  const found = lstatOrUndefined(link);
  if (found?.isSymbolicLink()) {
    // An earlier start put the cluster where user postgres can reach it.
    const target = path.resolve(dataDir, readlinkSync(link));
    if (!existsSync(target)) {
      throw new EmbeddedPostgresUnavailable(
        `${link} leads to ${target}, which is missing`,
        `Restore that folder from a backup, or delete ${link} to start with an empty database`,
      );
    }
    const closed = firstClosed(runAs, ancestry(target));
    if (closed) throw unreachableData(closed, target, dataDir);
    return { clusterDir: target };
  }
  const closed = firstClosed(runAs, ancestry(dataDir));
  if (!closed) return { clusterDir: link };
  if (found) {
    if (existsSync(path.join(link, 'PG_VERSION'))) throw unreachableData(closed, link, dataDir);
    if (!found.isDirectory() || readdirSync(link).length > 0) {
      throw new EmbeddedPostgresUnavailable(
        `user "${POSTGRES_USER}", which it runs as when started by root, cannot enter ${closed}, and ${link} holds files that are not a database`,
        `Move ${link} aside, or set DATA_DIR to a folder that user can reach`,
      );
    }
  }
  const home = path.join(options.sharedDir, 'clusters', createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
  const target = path.join(home, 'postgres');
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new EmbeddedPostgresUnavailable(
      `${target} holds the database of an earlier ${dataDir}, but ${link} no longer leads to it`,
      `Delete ${target} to start with an empty database, or restore ${dataDir} from a backup`,
    );
  }
  return { clusterDir: target, move: { link, home, target, closed } };
}

function unreachableData(closed: string, clusterDir: string, dataDir: string): EmbeddedPostgresUnavailable {
  return new EmbeddedPostgresUnavailable(
    `user "${POSTGRES_USER}", which it runs as when started by root, cannot enter ${closed}, so it cannot reach the database in ${clusterDir}`,
    `Let it through (chmod o+x ${closed}) or move ${dataDir} to a folder it can reach`,
  );
}

/** A folder root owns and everyone may enter and read. */
function openFolder(dir: string): void {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
}

function cannotMake(closed: string, sharedDir: string, error: unknown): EmbeddedPostgresUnavailable {
  return new EmbeddedPostgresUnavailable(
    `user "${POSTGRES_USER}", which it runs as when started by root, cannot enter ${closed}, and ${sharedDir}, where its files would go instead, cannot be used (${firstLineOf(error)})`,
    `Put the project and DATA_DIR in folders that user can reach, ${AS_ROOT_ADVICE}`,
  );
}

function moveCluster(options: PlacementOptions, runAs: RunAs, move: ClusterMove): void {
  try {
    for (const dir of [options.sharedDir, path.dirname(move.home), move.home]) openFolder(dir);
    // Tells an operator looking in the shared folder whose database this is.
    writeFileSync(path.join(move.home, 'data-dir'), `${options.dataDir}\n`);
  } catch (error) {
    throw cannotMake(move.closed, options.sharedDir, error);
  }
  const stillClosed = firstClosed(runAs, ancestry(move.home));
  if (stillClosed) throw cannotMake(move.closed, options.sharedDir, new Error(`user "${POSTGRES_USER}" cannot enter ${stillClosed} either`));
  // What a start that failed here before left behind: an empty folder.
  if (lstatOrUndefined(move.link)?.isDirectory()) rmdirSync(move.link);
  try {
    symlinkSync(move.target, move.link);
  } catch (error) {
    // Another process of the product starting at the same moment made the same link.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || readlinkSync(move.link) !== move.target) throw error;
    return;
  }
  options.notice(`User "${POSTGRES_USER}" cannot enter ${move.closed}: the database lives in ${move.target}, and ${move.link} leads there`);
}

function versionOf(binaries: string): string {
  try {
    const { version } = JSON.parse(readFileSync(path.join(binaries, '..', 'package.json'), 'utf8')) as { version?: string };
    if (version) return version;
  } catch {
    // Not laid out as the npm package: tell builds apart by the server binary itself.
  }
  const stat = statSync(path.join(binaries, 'bin', 'postgres'));
  return `${stat.size}-${Math.round(stat.mtimeMs)}`;
}

/** Files stay as they are, but everyone may read them, and run those their owner may run. */
function openModes(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) openModes(full);
    else if (entry.isFile()) chmodSync(full, statSync(full).mode & 0o100 ? 0o755 : 0o644);
  }
}

function reachableBinaries(options: PlacementOptions, runAs: RunAs): string {
  const needed = (root: string) => [...ancestry(root), ...['bin/postgres', 'bin/initdb', 'lib', 'share'].map((p) => path.join(root, p))];
  const closed = firstClosed(runAs, needed(options.binaries));
  if (!closed) return options.binaries;
  // One copy per PostgreSQL version, made once and shared by every project on the machine.
  const copy = path.join(options.sharedDir, `postgres-${versionOf(options.binaries)}-${process.platform}-${process.arch}`);
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    const partial = `${copy}.partial-${process.pid}`;
    try {
      openFolder(options.sharedDir);
      rmSync(partial, { recursive: true, force: true });
      cpSync(options.binaries, partial, { recursive: true, verbatimSymlinks: true });
      openModes(partial);
      try {
        renameSync(partial, copy);
      } catch (error) {
        // Another process made the same copy a moment ago: use theirs.
        if (!existsSync(path.join(copy, 'bin', 'postgres'))) throw error;
        rmSync(partial, { recursive: true, force: true });
      }
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      throw cannotMake(closed, options.sharedDir, error);
    }
    options.notice(`User "${POSTGRES_USER}" cannot enter ${closed}: the embedded PostgreSQL runs from a copy in ${copy}`);
  }
  const stillClosed = firstClosed(runAs, needed(copy));
  if (stillClosed) throw cannotMake(closed, options.sharedDir, new Error(`user "${POSTGRES_USER}" cannot enter ${stillClosed} either`));
  return copy;
}
