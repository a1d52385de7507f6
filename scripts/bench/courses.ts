import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMs, startTarget } from './processes.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { openDatabase } from '../../server/db/database.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

/**
 * Benchmark of the courses (part of `npm run bench`): a course of 30 subjects × 50 lectures with
 * 100 exams. The console editor's load and save, one after another (p50/p95), and the student
 * course read (with its day schedule) under BENCH_CONNECTIONS clients, next to the bare
 * primary-key route of the session benchmark. Options (environment): BENCH_SECONDS (default 10),
 * BENCH_CONNECTIONS (default 50), BENCH_EDITOR_ROUNDS (default 40), DATABASE_URL.
 * Targets: editor load and save p95 under 100 ms; student read p95 under 50 ms and at least a quarter
 * of the bare route's requests per second.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_EDITOR_ROUNDS ?? 40);
const SUBJECTS = 30;
const LECTURES_PER_SUBJECT = 50;
const EXAMS = 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ emailAddress: email, password }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (login.status !== 200 || !cookie) throw new Error(`bench sign-in failed: ${login.status}`);
  return cookie;
}

export async function runCoursesBenchmark(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'psc-bench-'));
  chmodSync(scratch, 0o755);
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: scratch, databaseName: 'bench' });
  const databaseUrl = process.env.DATABASE_URL ?? embedded!.url;
  const handle = openDatabase(databaseUrl, 2);
  const children: ChildProcess[] = [];
  try {
    await migrateToLatest(handle.db, handle.pool);
    const stamp = Date.now();
    const passwordHash = await hashPassword('bench-pass');
    const admin = await handle.db
      .insertInto('users')
      .values({ name: 'Bench Admin', email_address: `bench-admin-${stamp}@example.com`, password_hash: passwordHash, roles: ['admin'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const student = await handle.db
      .insertInto('users')
      .values({ name: 'Bench Student', email_address: `bench-student-${stamp}@example.com`, password_hash: passwordHash, roles: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const card = await handle.db.insertInto('subscriptions').values({ title: 'Bench card', gross_amount: 1000, gst_amount: 180, net_amount: 1180 }).returning('id').executeTakeFirstOrThrow();
    const lectures = await handle.db
      .insertInto('lectures')
      .values(Array.from({ length: SUBJECTS * LECTURES_PER_SUBJECT }, (_, i) => ({ title: `Lecture ${i + 1}`, is_visible: true, is_published: true, video_duration_in_minutes: 40 })))
      .returning('id')
      .execute();
    const exams = await handle.db
      .insertInto('exams')
      .values(Array.from({ length: EXAMS }, (_, i) => ({ title: `Mock ${i + 1}`, template_id: 'mock-test' as const, is_visible: true, is_published: true })))
      .returning('id')
      .execute();

    const product = await startTarget('product', databaseUrl, admin.id);
    children.push(product.child);
    const bare = await startTarget('bare-fastify', databaseUrl, admin.id);
    children.push(bare.child);
    const base = `http://127.0.0.1:${product.port}`;
    const adminCookie = await signIn(base, `bench-admin-${stamp}@example.com`, 'bench-pass');
    const studentCookie = await signIn(base, `bench-student-${stamp}@example.com`, 'bench-pass');
    const call = (method: string, url: string, body?: unknown) =>
      fetch(`${base}${url}`, { method, headers: { cookie: adminCookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

    const created = (await (await call('POST', '/api/admin/courses', { title: 'Bench course' })).json()) as { _id: string };
    const value = {
      title: 'Bench course',
      isVisible: true,
      courseRateCardId: card.id,
      subjects: Array.from({ length: SUBJECTS }, (_, s) => {
        const own = lectures.slice(s * LECTURES_PER_SUBJECT, (s + 1) * LECTURES_PER_SUBJECT).map((lecture) => lecture.id);
        return {
          title: `Subject ${s + 1}`,
          lectures: own,
          lectureDaySchedulePlan: Object.fromEntries(own.map((id, i) => [id, [s * 2 + 1 + (i % 2)]])),
          lectureTopicMetadata: Object.fromEntries(own.map((id, i) => [id, `Topic ${i % 5}`])),
        };
      }),
      exams: exams.map((exam, i) => ({ exam: exam.id, dayTags: [(i % (SUBJECTS * 2)) + 1] })),
    };
    const first = await call('PUT', `/api/admin/courses/${created._id}`, { value });
    if (first.status !== 200) throw new Error(`bench course save failed: ${first.status} ${await first.text()}`);
    await handle.db.insertInto('entitlements').values({ user_id: student.id, resource_type: 'course', resource_id: created._id }).execute();

    // The editor, one request after another, as staff use it.
    const loads: number[] = [];
    const saves: number[] = [];
    let saved = (await (await call('GET', `/api/admin/courses/${created._id}`)).json()) as { version: number; subjects: Array<{ _id: string }> };
    for (let round = 0; round < rounds; round += 1) {
      let started = performance.now();
      const load = await call('GET', `/api/admin/courses/${created._id}`);
      saved = (await load.json()) as typeof saved;
      loads.push(performance.now() - started);
      started = performance.now();
      const save = await call('PUT', `/api/admin/courses/${created._id}`, {
        version: saved.version,
        value: { ...value, title: `Bench course ${round}`, subjects: value.subjects.map((subject, i) => ({ ...subject, _id: saved.subjects[i]!._id })) },
      });
      if (save.status !== 200) throw new Error(`bench save ${round} failed: ${save.status} ${await save.text()}`);
      await save.arrayBuffer();
      saves.push(performance.now() - started);
    }
    loads.sort((a, b) => a - b);
    saves.sort((a, b) => a - b);

    const studentUrl = `${base}/api/student/courses/${created._id}`;
    const check = await fetch(studentUrl, { headers: { cookie: studentCookie } });
    const course = (await check.json()) as { daySchedule: unknown[]; entitled: boolean };
    if (check.status !== 200 || !course.entitled || course.daySchedule.length !== SUBJECTS * 2) throw new Error(`bench student read is wrong: ${check.status}`);
    const plainBytes = Buffer.byteLength(JSON.stringify(course));
    // Read raw (fetch would unpack it) to see what goes over the wire.
    const zipped = await new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
      http
        .get(studentUrl, { headers: { cookie: studentCookie, 'accept-encoding': 'gzip' } }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'none') }));
        })
        .on('error', reject);
    });
    const wireBytes = zipped.bytes;
    const encoding = zipped.encoding;
    await autocannon({ url: studentUrl, connections, duration: 2, headers: { cookie: studentCookie } });
    await autocannon({ url: `http://127.0.0.1:${bare.port}/bare`, connections, duration: 2 });
    // The apps ask for gzip, as browsers and mobile HTTP clients do.
    const cpuBefore = cpuMs(product.child.pid);
    const read = await autocannon({ url: studentUrl, connections, duration: seconds, headers: { cookie: studentCookie, 'accept-encoding': 'gzip' } });
    const serverMicros = Math.round(((cpuMs(product.child.pid) - cpuBefore) * 1000) / Math.max(1, read.requests.total));
    const bareRead = await autocannon({ url: `http://127.0.0.1:${bare.port}/bare`, connections, duration: seconds });
    const sizedUrl = `http://127.0.0.1:${bare.port}/bare-sized/${wireBytes}`;
    await autocannon({ url: sizedUrl, connections, duration: 2 });
    const bareSized = await autocannon({ url: sizedUrl, connections, duration: seconds });
    // An app that already has the course asks with its ETag and gets 304 while nothing changed.
    const etag = (await fetch(studentUrl, { headers: { cookie: studentCookie } })).headers.get('etag') ?? '';
    const revalidate = await autocannon({ url: studentUrl, connections, duration: seconds, headers: { cookie: studentCookie, 'accept-encoding': 'gzip', 'if-none-match': etag } });
    if (revalidate['2xx'] > 0 || revalidate['3xx'] === 0) throw new Error('bench revalidation did not answer 304');

    const ms = (value: number) => value.toFixed(1);
    console.log(`\nA course of ${SUBJECTS} subjects × ${LECTURES_PER_SUBJECT} lectures and ${EXAMS} exams; ${os.cpus().length} cores`);
    console.log(`Editor load (GET /api/admin/courses/{id}), ${rounds} in a row:  p50 ${ms(percentile(loads, 50))} ms, p95 ${ms(percentile(loads, 95))} ms (target p95 < 100 ms)`);
    console.log(`Editor save (PUT, whole course), ${rounds} in a row:           p50 ${ms(percentile(saves, 50))} ms, p95 ${ms(percentile(saves, 95))} ms (target p95 < 100 ms)`);
    console.log(`\n${connections} connections, ${seconds} s each          req/s   p50 ms   p90 ms  p97.5 ms   errors  non-2xx`);
    for (const [name, result] of [
      ['student course read', read],
      ['bare Fastify + PK read', bareRead],
      [`bare + PK read, ${Math.round(wireBytes / 1024)} KB answer`, bareSized],
      ['student course read, 304 (ETag)', revalidate],
    ] as const) {
      console.log(
        `${name.padEnd(36)} ${String(Math.round(result.requests.average)).padStart(6)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p90).padStart(8)} ${String(result.latency.p97_5).padStart(9)} ${String(result.errors + result.timeouts).padStart(8)} ${String(result.non2xx).padStart(8)}`,
      );
    }
    console.log(`Student course answer: ${Math.round(plainBytes / 1024)} KB of JSON, ${Math.round(wireBytes / 1024)} KB on the wire (content-encoding ${encoding}); server CPU ${serverMicros} µs per read`);
    const share = read.requests.average / bareRead.requests.average;
    console.log(`\nStudent read vs bare route: ${(share * 100).toFixed(0)}% of its req/s (target at least 25%); p97.5 ${read.latency.p97_5} ms bounds its p95 (target < 50 ms)`);
    console.log(
      `Student read vs the bare route answering as many bytes: ${((read.requests.average / bareSized.requests.average) * 100).toFixed(0)}% of its req/s ` +
        `(the load generator shares these ${os.cpus().length} cores and reads every byte: answers this large bound what can be measured here)`,
    );
    console.log(`Revalidation (If-None-Match, 304): ${Math.round(revalidate.requests.average)} req/s, ${((revalidate.requests.average / bareRead.requests.average) * 100).toFixed(0)}% of the bare route, p97.5 ${revalidate.latency.p97_5} ms`);
    if (read.errors + read.timeouts + read.non2xx > 0) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await handle.close();
    await embedded?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
