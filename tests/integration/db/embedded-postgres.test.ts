import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../../server/db/embedded-postgres.ts';
import { embeddedServerSettings } from '../../../server/db/embedded-postgres-settings.ts';
import { queryOnce } from '../../support/pg-query.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'psc-embedded-'));
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the embedded PostgreSQL', () => {
  it('keeps its data across restarts', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    expect(first.owned).toBe(true);
    await queryOnce(first.url, 'create table kept (note text); insert into kept values ($$still here$$)');
    await first.stop();
    const second = await startEmbeddedPostgres({ dataDir });
    expect(await queryOnce(second.url, 'select note from kept')).toEqual([{ note: 'still here' }]);
    await second.stop();
  }, 60_000);

  it('runs with memory and WAL sized to the machine, and settings passed to it win', async () => {
    const server = await startEmbeddedPostgres({ dataDir, settings: { checkpoint_timeout: '20min' } });
    const expected = embeddedServerSettings();
    const shown = (await queryOnce(
      server.url,
      "select name, setting from pg_settings where name in ('shared_buffers', 'max_wal_size', 'wal_compression', 'checkpoint_timeout')",
    )) as Array<{ name: string; setting: string }>;
    const value = (name: string) => shown.find((row) => row.name === name);
    // shared_buffers is counted in 8 kB pages, max_wal_size in MB, checkpoint_timeout in seconds.
    expect(Number(value('shared_buffers')!.setting) * 8).toBe(Number.parseInt(expected.shared_buffers!, 10) * 1024);
    expect(value('max_wal_size')!.setting).toBe('4096');
    expect(value('wal_compression')!.setting).toBe('pglz');
    expect(value('checkpoint_timeout')!.setting).toBe('1200');
    await server.stop();
  }, 60_000);

  it('lets a second process join the running server instead of starting another', async () => {
    const owner = await startEmbeddedPostgres({ dataDir });
    const joined = await startEmbeddedPostgres({ dataDir });
    expect(joined.owned).toBe(false);
    expect(new URL(joined.url).port).toBe(new URL(owner.url).port);
    await joined.stop();
    expect(await queryOnce(owner.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    await owner.stop();
  }, 60_000);

  it('is taken over by the next server start when the process that started it was killed', async () => {
    const script = `
      import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve('server/db/embedded-postgres.ts'))};
      await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });
      console.log('started');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve()));
    const pid = postmasterPid();
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(alive(pid)).toBe(true);

    const next = await startEmbeddedPostgres({ dataDir, adoptOrphan: true });
    expect(next.owned).toBe(true);
    expect(await queryOnce(next.url, 'select note from kept')).toEqual([{ note: 'still here' }]);
    await next.stop();
    expect(alive(pid)).toBe(false);
  }, 60_000);
});
