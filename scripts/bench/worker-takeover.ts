import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createStorage } from '../../server/assets/storage/index.ts';
import { loadConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/database.ts';
import { queueForProcessing } from '../../server/queue/queue.service.ts';
import { MEDIA_PRIORITY } from '../../shared/queue/media-priority.ts';
import { createMediaWorkspace, makeTestVideo } from '../../tests/support/media-fixtures.ts';
import { openBenchDatabase } from './bench-database.ts';

/**
 * A worker killed mid-transcode (SIGKILL, as a lost machine or the out-of-memory killer would):
 * two `npm run worker` processes with the default heartbeat settings, a 720p clip queued, the one
 * that took it killed while it transcodes; the figure is the seconds from the kill until the other
 * process has taken the job (target under 30 s). Part of `npm run bench -- pipeline`, or alone as
 * `npm run bench -- takeover`. Options (environment): BENCH_TAKEOVER_RUNS (3).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TARGET_SECONDS = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil<T>(check: () => Promise<T | undefined>, seconds: number, what: string): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

function startWorkerProcess(databaseUrl: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['worker/main.ts'], {
    cwd: root,
    // The product's defaults for the heartbeat and the dead-after period: nothing set here.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Who holds the file's job: the worker id and, from its heartbeat, its process. */
async function holder(db: Db, assetId: string): Promise<{ workerId: string; pid: number | null } | undefined> {
  const { rows } = await sql<{ locked_by: string | null; pid: number | null }>`
    select j.locked_by, h.pid from graphile_worker.jobs j left join worker_heartbeats h on h.worker_id = j.locked_by
    where j.key = ${`process-media:${assetId}`}`.execute(db);
  const row = rows[0];
  return row?.locked_by ? { workerId: row.locked_by, pid: row.pid } : undefined;
}

async function stopAll(workers: ChildProcess[]): Promise<void> {
  await Promise.all(
    workers
      .filter((worker) => worker.exitCode === null && worker.signalCode === null)
      .map(async (worker) => {
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        worker.kill('SIGKILL');
        await exited;
      }),
  );
}

export async function runTakeoverBenchmark(): Promise<void> {
  const runs = Number(process.env.BENCH_TAKEOVER_RUNS ?? 3);
  const database = await openBenchDatabase(4);
  const { db } = database.handle;
  const dataDir = path.join(database.scratch, 'data');
  mkdirSync(dataDir, { recursive: true });
  const storage = createStorage(loadConfig({ NODE_ENV: 'development', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret', DATA_DIR: dataDir }));
  const files = await createMediaWorkspace('psc-bench-takeover-');
  const figures: number[] = [];
  try {
    const clip = await makeTestVideo({ dir: files.dir, seconds: 60, width: 1280, height: 720, audio: true });
    const size = (await stat(clip)).size;
    await db.updateTable('queue_settings').set({ state: 'RUNNING' }).execute();
    console.log(
      `\nA worker killed mid-transcode (two worker processes, the default heartbeat settings, load ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores):`,
    );
    for (let run = 1; run <= runs; run += 1) {
      const workers = [startWorkerProcess(database.databaseUrl, dataDir), startWorkerProcess(database.databaseUrl, dataDir)];
      let assetId: string | undefined;
      try {
        const key = `assets/takeover-${run}.mp4`;
        await storage.putFile(key, clip);
        const { id } = await db
          .insertInto('assets')
          .values({
            file_name: `takeover-${run}.mp4`,
            content_type: 'video/mp4',
            kind: 'video',
            access_mode: 'private',
            size_in_bytes: size,
            sha256: 'bench',
            storage_key: key,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        assetId = id;
        await db
          .transaction()
          .execute((trx) => queueForProcessing(trx, { assetId: id, title: `takeover-${run}.mp4`, type: 'video', priority: MEDIA_PRIORITY.upload }));
        await waitUntil(
          async () => {
            const item = await db.selectFrom('queue_items').select('state').where('asset_id', '=', id).executeTakeFirstOrThrow();
            return item.state === 'processing' ? true : undefined;
          },
          120,
          'the transcode to start',
        );
        const first = await waitUntil(
          async () => ((await holder(db, id))?.pid ? await holder(db, id) : undefined),
          30,
          'the heartbeat of the worker holding the job',
        );
        const victim = workers.find((worker) => worker.pid === first.pid);
        if (!victim) throw new Error('the job is held by a process this benchmark did not start');
        victim.kill('SIGKILL');
        const killedAt = performance.now();
        await waitUntil(
          async () => {
            const now = await holder(db, id);
            return now && now.workerId !== first.workerId ? now : undefined;
          },
          120,
          'another worker to take the job',
        );
        const seconds = (performance.now() - killedAt) / 1000;
        figures.push(seconds);
        console.log(`  run ${run}: taken by the other worker ${seconds.toFixed(1)} s after the kill`);
      } finally {
        await stopAll(workers);
        // The next run starts from an empty queue: this run's job, still held by a killed worker, goes.
        if (assetId) {
          await sql`delete from graphile_worker._private_jobs where key = ${`process-media:${assetId}`}`.execute(db);
          await db.deleteFrom('queue_items').where('asset_id', '=', assetId).execute();
        }
        await db.deleteFrom('worker_heartbeats').execute();
      }
    }
    const worst = Math.max(...figures);
    const verdict = worst < TARGET_SECONDS ? 'met' : 'MISSED';
    console.log(`  takeover after a kill: worst ${worst.toFixed(1)} s of ${figures.length} (target under ${TARGET_SECONDS} s): ${verdict}`);
  } finally {
    await files.remove();
    await database.close();
  }
}
