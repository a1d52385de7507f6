import { chmod, readFile, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../../worker/media/binaries.ts';
import type { WorkerHandle } from '../../../worker/runner.ts';
import { waitFor } from '../../support/mail-catcher.ts';
import { createMediaWorkspace, makeTestVideo, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { multipartBody } from '../../support/multipart.ts';
import { testConfig } from '../../support/test-app.ts';
import { startTestWorker } from '../../support/test-worker.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');
let files: MediaWorkspace;
let shortVideo: Buffer;
let longVideo: Buffer;
let ffprobe: string;
let stallingFfmpeg: string;
let slowFfmpeg: string;
let worker: WorkerHandle | undefined;

beforeAll(async () => {
  files = await createMediaWorkspace();
  shortVideo = await readFile(await makeTestVideo({ dir: files.dir, seconds: 2, width: 320, height: 240, audio: false }));
  longVideo = await readFile(await makeTestVideo({ dir: files.dir, seconds: 6, width: 320, height: 240, audio: false }));
  const tools = await resolveMediaTools({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH, PATH: process.env.PATH });
  ffprobe = tools.ffprobe;
  // An ffmpeg that says it started, then stands still (a hung encoder, a stuck mount).
  stallingFfmpeg = path.join(files.dir, 'stalling-ffmpeg');
  await writeFile(stallingFfmpeg, '#!/bin/sh\necho "out_time_us=40000"\necho "progress=continue"\nwhile :; do sleep 1; done\n');
  // The real ffmpeg reading its input at half real time (its transcodes): slow, but moving all along.
  slowFfmpeg = path.join(files.dir, 'slow-ffmpeg');
  await writeFile(slowFfmpeg, `#!/bin/sh\ncase "$*" in *-progress*) exec ${tools.ffmpeg} -readrate 0.5 "$@" ;; esac\nexec ${tools.ffmpeg} "$@"\n`);
  await chmod(stallingFfmpeg, 0o755);
  await chmod(slowFfmpeg, 0o755);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await sql`delete from graphile_worker._private_jobs`.execute(harness.db);
});
afterAll(async () => {
  await files?.remove();
});

/** A few seconds without progress is a stall here (120 by default). */
const start = (ffmpeg: string, stallSeconds: number) =>
  startTestWorker(harness.database, testConfig({ FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffprobe, MEDIA_STALL_SECONDS: String(stallSeconds) }));

async function queueVideo(name: string, video: Buffer): Promise<string> {
  const body = multipartBody([{ fileName: name, content: video }]);
  const id = (await asAdmin('POST', '/api/assets/private', body.payload, body.headers)).json()[0]._id;
  await asAdmin('POST', `/api/admin/assets/process/video/trigger/${id}`, {}, { 'content-type': 'application/json' });
  return id;
}

const itemOf = (id: string) => harness.db.selectFrom('queue_items').selectAll().where('asset_id', '=', id).executeTakeFirstOrThrow();

/** Processes running a program, by its path on their command line. */
function processesRunning(program: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return stat.split(') ')[1]!.split(' ')[0] !== 'Z' && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(program);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('a media job whose progress stands still', () => {
  it('is stopped after MEDIA_STALL_SECONDS, its ffmpeg killed, and handed back for a retry counted as an attempt, saying why', async () => {
    worker = await start(stallingFfmpeg, 2);
    const id = await queueVideo('stuck.mp4', shortVideo);
    await waitFor(async () => (processesRunning(stallingFfmpeg).length > 0 ? true : undefined), 30_000);
    const item = await waitFor(async () => {
      const row = await itemOf(id);
      return row.failure_reason !== null ? row : undefined;
    }, 30_000);
    expect(item.failure_reason).toBe('No progress for 2 seconds; retried');
    expect(item.attempts).toBe(1);
    const { rows } = await sql<{ attempts: number; last_error: string | null }>`
      select attempts, last_error from graphile_worker.jobs where key = ${`process-media:${id}`}`.execute(harness.db);
    expect(rows[0]).toMatchObject({ attempts: 1, last_error: expect.stringContaining('No progress for 2 seconds') });
    // Killed through the job's signal: nothing is left encoding for nobody.
    await waitFor(async () => (processesRunning(stallingFfmpeg).length === 0 ? true : undefined), 10_000);
  }, 90_000);
});

describe('a slow media job that keeps making progress', () => {
  it('runs to the end however long it takes, in one attempt', async () => {
    worker = await start(slowFfmpeg, 4);
    const id = await queueVideo('slow.mp4', longVideo);
    const startedAt = Date.now();
    const item = await waitFor(async () => {
      const row = await itemOf(id);
      return row.state === 'ready' || row.state === 'failed' || row.failure_reason !== null ? row : undefined;
    }, 120_000);
    // Three times the stall setting: it was slow, and it was never stopped.
    expect(Date.now() - startedAt).toBeGreaterThan(12_000);
    expect(item).toMatchObject({ state: 'ready', attempts: 1, failure_reason: null });
  }, 150_000);
});
