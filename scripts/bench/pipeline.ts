import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMediaWorkspace, makeTestVideo } from '../../tests/support/media-fixtures.ts';

/**
 * Benchmark of uploads and processing through the running product (part of `npm run bench`):
 *   - a 1 GB upload (a real MP4 header, then filler) streamed to POST /api/assets/private:
 *     MB/s and the server process's memory growth (target under 100 MB);
 *   - a 60-second 720p clip with sound: from the end of its upload to its first segment being
 *     playable, i.e. the master playlist, the lowest rendition's playlist and its first segment
 *     all fetched through GET /api/assets/{id}/hls/... (target under 5 s), to its 360p rendition
 *     being playable (under 15 s) and to the whole ladder being ready (under 30 s), with the
 *     worker inside the server process, as `npm start` runs it.
 * Options (environment): BENCH_UPLOAD_MB (1024), BENCH_VIDEO_SECONDS (60).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process, MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-pass',
      CONSOLE_DIST_DIR: path.join(dataDir, 'no-console'),
      ASSET_MAX_UPLOAD_MB: '4096',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return server;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/** Streams a multipart upload of `size` bytes (`head` then zeros) with a raw HTTP request. */
function uploadStream(port: number, cookie: string, fileName: string, head: Buffer, size: number, body?: () => NodeJS.ReadableStream) {
  const boundary = '----pscbench';
  const preamble = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file_0"; filename="${fileName}"\r\nContent-Type: video/mp4\r\n\r\n`);
  const ending = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/assets/private?kind=video',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': preamble.length + size + ending.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.write(preamble);
    if (body) {
      const stream = body();
      stream.on('end', () => request.end(ending));
      stream.pipe(request, { end: false });
      return;
    }
    request.write(head);
    const chunk = Buffer.alloc(1024 * 1024);
    let left = size - head.length;
    const pump = () => {
      while (left > 0) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      request.end(ending);
    };
    pump();
  });
}

/** "met" or "MISSED" for a figure and its target. */
const verdict = (value: number, target: number) => (value < target ? 'met' : 'MISSED');

/**
 * Whether the video can be started through the product's own URLs: its master playlist, the first
 * (lowest) rendition's playlist listing a segment, and that segment, each answering 200.
 */
async function firstSegmentPlayable(base: string, id: string, cookie: string): Promise<boolean> {
  const get = (url: string) => fetch(`${base}${url}`, { headers: { cookie } });
  const hls = `/api/assets/${id}/hls/`;
  const master = await get(`${hls}master.m3u8`);
  if (!master.ok) return false;
  const variant = (await master.text()).split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'));
  if (!variant) return false;
  const playlist = await get(`${hls}${variant.trim()}`);
  if (!playlist.ok) return false;
  const segment = (await playlist.text()).split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'));
  if (!segment) return false;
  const folder = variant.trim().replace(/[^/]*$/, '');
  const answer = await get(`${hls}${folder}${segment.trim()}`);
  await answer.arrayBuffer();
  return answer.ok;
}

export async function runPipelineBenchmark(): Promise<void> {
  const uploadMb = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
  const videoSeconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 60);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'psc-bench-pipeline-'));
  chmodSync(dataDir, 0o755);
  const files = await createMediaWorkspace('psc-bench-media-');
  const port = await freePort();
  let server: ChildProcess | undefined;
  try {
    const clip = await makeTestVideo({ dir: files.dir, seconds: videoSeconds, width: 1280, height: 720, audio: true });
    server = await startServer(dataDir, port);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: 'bench@example.com', password: 'bench-pass' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    // 1. A big upload: memory of the server process sampled every 50 ms.
    const head = Buffer.alloc(64 * 1024);
    const handle = await open(clip, 'r');
    await handle.read(head, 0, head.length, 0);
    await handle.close();
    const startRss = rssMb(server.pid!);
    let peakRss = startRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server!.pid!))), 50);
    const started = performance.now();
    const big = await uploadStream(port, cookie, 'big.mp4', head, uploadMb * 1024 * 1024);
    const uploadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (big.status !== 200) throw new Error(`upload failed: ${big.status} ${big.body}`);
    console.log(`\nUpload of ${uploadMb} MB: ${(uploadMb / uploadSeconds).toFixed(0)} MB/s (${uploadSeconds.toFixed(1)} s)`);
    console.log(
      `  server memory: ${startRss.toFixed(0)} MB before, peak ${peakRss.toFixed(0)} MB, growth ${(peakRss - startRss).toFixed(0)} MB (target under 100 MB)`,
    );

    // 2. A 60-second 720p clip: upload, queue, then time the pipeline.
    const size = statSync(clip).size;
    const uploaded = await uploadStream(port, cookie, 'clip.mp4', Buffer.alloc(0), size, () => createReadStream(clip));
    const uploadedAt = performance.now();
    const id = JSON.parse(uploaded.body)[0]._id as string;
    await fetch(`${base}/api/admin/assets/process/video/trigger/${id}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    let playableAt: number | undefined;
    let readyAt: number | undefined;
    let firstSegmentAt: number | undefined;
    // Where the time to the first segment goes: the job taken by the worker, then ffmpeg started (after the probe).
    let takenAt: number | undefined;
    let encodingAt: number | undefined;
    let renditions: string[] = [];
    const watchFirstSegment = (async () => {
      while (firstSegmentAt === undefined && readyAt === undefined) {
        if (await firstSegmentPlayable(base, id, cookie)) firstSegmentAt = performance.now();
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    while (readyAt === undefined) {
      const asset = await (await fetch(`${base}/api/admin/assets/${id}`, { headers: { cookie } })).json();
      renditions = asset.renditions.map((r: { name: string }) => r.name);
      if (playableAt === undefined && renditions.includes('360p')) playableAt = performance.now();
      if (takenAt === undefined && asset.state !== 'uploaded') takenAt = performance.now();
      if (encodingAt === undefined && ['processing', 'post-processing', 'uploading', 'ready'].includes(asset.state)) encodingAt = performance.now();
      if (asset.state === 'ready') readyAt = performance.now();
      if (asset.state === 'failed') throw new Error(`processing failed: ${asset.failureReason}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await watchFirstSegment;
    const toFirstSegment = ((firstSegmentAt ?? readyAt) - uploadedAt) / 1000;
    const toPlayable = ((playableAt ?? readyAt) - uploadedAt) / 1000;
    const toReady = (readyAt - uploadedAt) / 1000;
    console.log(`\n${videoSeconds}-second 720p clip (${(size / 1e6).toFixed(1)} MB), from the end of its upload, worker in the server process:`);
    console.log(
      `  first segment playable (master, lowest playlist and its first segment fetched) after ${toFirstSegment.toFixed(1)} s (target under 5 s: ${verdict(toFirstSegment, 5)})`,
    );
    const since = (at: number | undefined) => (at === undefined ? '?' : ((at - uploadedAt) / 1000).toFixed(1));
    console.log(`    (job taken by the worker after ${since(takenAt)} s, ffmpeg encoding after ${since(encodingAt)} s, each seen by polling every 50 ms)`);
    console.log(`  360p playable after ${toPlayable.toFixed(1)} s (target under 15 s: ${verdict(toPlayable, 15)})`);
    console.log(`  whole ladder (${renditions.join(', ')}) ready after ${toReady.toFixed(1)} s (target under 30 s: ${verdict(toReady, 30)})`);
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await files.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
