import type { ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import secureSession from '@fastify/secure-session';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import { openBenchDatabase } from './bench-database.ts';
import { rankingRows, syncRanks } from '../../server/exams/ranks.service.ts';
import { paperOf } from '../../server/exams/papers.ts';
import { deriveKey, SESSION_COOKIE } from '../../server/access/session.ts';
import { cpuMs, startTarget } from './processes.ts';
import { cpuShares, formatCpuStretches, localDatabasePort, machineBusyMs, postgresCpuMs, readCpu, sampleCpuEvery, type CpuReading } from './machine-cpu.ts';
import { benchQuestionGroups, insertBenchExam } from './bench-exam.ts';
import { call, emptyTimings, mergeTimings, sharedAgent, type StudentsPlan, type Timings } from './exam-students.ts';

/**
 * Exams benchmark (part of `npm run bench`):
 *   live mock test  BENCH_STUDENTS (10,000) students open the app (the exam list) within 30 s,
 *                   then start a 100-question mock test within the next 10 s, answer a question about every BENCH_ANSWER_MS (1,500 ms; each student
 *                   at their own pace, 0.6 to 1.4 times that), autosave the answers given since
 *                   the last save every BENCH_SAVE_MS (10,000 ms), and submit; every result is
 *                   checked against the answers the student gave. A real mock test gives 45 s per
 *                   question, so this is about 30 times its pace.
 *                   BENCH_PROFILE=compressed: an answer every second, autosave every 5 s.
 *                   The students run in BENCH_LOAD_THREADS (2) threads of the load generator
 *                   (exam-students.ts); the server's own times and collector pauses are printed
 *                   next to what the students saw (BENCH_GC_LOG: each server pause over 50 ms).
 *   cost            server CPU per request of a start (BENCH_COST_STUDENTS new attempts) and of an
 *                   autosave of 10 answers, next to a bare Fastify route doing one primary-key read.
 *   rank sync       over 100,000 and 1,000,000 submitted attempts (BENCH_RANK_SIZES).
 *   analytics       the top-100 read after the 1,000,000 sync.
 */
const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret';
const students = Number(process.env.BENCH_STUDENTS ?? 10_000);
/** `compressed`: every student answers a question a second and autosaves every 5 s. */
const compressed = process.env.BENCH_PROFILE === 'compressed';
const answerMs = Number(process.env.BENCH_ANSWER_MS ?? (compressed ? 1000 : 1500));
const saveMs = Number(process.env.BENCH_SAVE_MS ?? (compressed ? 5000 : 10_000));
const costStudents = Number(process.env.BENCH_COST_STUDENTS ?? 2000);
const rankSizes = (process.env.BENCH_RANK_SIZES ?? '100000,1000000,2000000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const QUESTIONS = 100;
/** The bench database's port when its postmaster runs on this machine: the PostgreSQL measured. */
let databasePort = '';
/** Students open the app (the exam list) over this long before the start window: in real life, the minutes before. */
const openMs = Number(process.env.BENCH_OPEN_MS ?? 30_000);

/** The load generator's threads for the live test's students (see exam-students.ts). */
const loadThreads = Math.max(1, Number(process.env.BENCH_LOAD_THREADS ?? 2));

/** The next message of the given type from a thread of students; its error or early exit rejects. */
function nextMessage<T = unknown>(thread: Worker, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      thread.off('message', onMessage);
      resolve(message as T);
    };
    thread.on('message', onMessage);
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`a thread of students stopped (exit ${code}) before '${type}'`)));
  });
}

/** A figure next to its target, printed as it is measured and again in the summary at the end. */
interface TargetCheck {
  line: string;
  met: boolean;
}
const checks: TargetCheck[] = [];
/** Checks `value` (ms, or a count when `unit` is '') against `limit`: under it, or 0 when the limit is 0. */
function checkTarget(name: string, value: number, limit: number, unit = 'ms'): void {
  const met = limit === 0 ? value === 0 : value < limit;
  const figure = unit === '' ? String(value) : `${value.toFixed(unit === 's' ? 2 : 1)} ${unit}`;
  const target = limit === 0 ? '0' : `< ${limit} ${unit}`.trimEnd();
  const line = `${name.padEnd(34)} ${figure.padStart(10)}   target ${target.padEnd(10)} ${met ? 'met' : 'MISSED'}`;
  checks.push({ line, met });
  console.log(line);
}
/** Live-test latency targets (p95, ms) for the default pace; the compressed profile allows 500 ms each. */
const LIVE_TARGETS = compressed ? { start: 500, autosave: 500, submit: 500 } : { start: 300, autosave: 100, submit: 200 };
const RANK_SYNC_TARGET_S = 1;
const TOP_100_TARGET_MS = 5;

const questionGroups = () =>
  benchQuestionGroups(QUESTIONS, { durationInMins: 75, question: (i) => `ചോദ്യം ${i + 1}`, tag: (i) => (i % 2 ? 'History' : 'Geography') });

async function createMockExam(db: Db, title: string): Promise<string> {
  return (await insertBenchExam(db, title, questionGroups())).id;
}

/** Session cookies made the way the server makes them, for students created in bulk (signing 3,000 people in would measure argon2). */
async function studentCookies(db: Db, count: number): Promise<string[]> {
  const users = await sql<{ id: string; session_version: number }>`
    insert into users (name, email_address, roles)
    select 'Bench student ' || g, 'bench-' || g || '-' || ${Date.now()} || '@example.com', '{}' from generate_series(1, ${count}::int) g
    returning id, session_version`.execute(db);
  const sessions = await sql<{ id: string; user_id: string }>`
    insert into user_sessions (user_id, expires_at)
    select id, now() + interval '1 day' from unnest(${users.rows.map((u) => u.id)}::uuid[]) as id
    returning id, user_id`.execute(db);
  const versionOf = new Map(users.rows.map((user) => [user.id, user.session_version]));
  const encoder = Fastify({ logger: false });
  await encoder.register(secureSession, { cookieName: SESSION_COOKIE, key: deriveKey(BENCH_SECRET, 'session-cookie') });
  await encoder.ready();
  const now = Date.now();
  const cookies = sessions.rows.map((session) => {
    const cookie = encoder.createSecureSession({ sid: session.id, uid: session.user_id, sv: versionOf.get(session.user_id)!, iat: now, seen: now });
    return `${SESSION_COOKIE}=${encodeURIComponent(encoder.encodeSecureSession(cookie))}`;
  });
  await encoder.close();
  return cookies;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Cost {
  name: string;
  requests: number;
  cpuMicros: number;
  /** PostgreSQL's CPU (every postgres process) per request. */
  databaseMicros: number;
  p50: number;
  p95: number;
  failed: number;
}

/** Server CPU per request: the target's CPU time over a run of requests, divided by their number. */
async function measureCost(name: string, target: ChildProcess, options: autocannon.Options): Promise<Cost> {
  const before = cpuMs(target.pid);
  const databaseBefore = postgresCpuMs(databasePort);
  const result = await autocannon({ connections: 50, ...options });
  const used = cpuMs(target.pid) - before;
  const databaseUsed = postgresCpuMs(databasePort) - databaseBefore;
  const requests = result.requests.total;
  return {
    name,
    requests,
    cpuMicros: Math.round((used * 1000) / Math.max(1, requests)),
    databaseMicros: Math.round((databaseUsed * 1000) / Math.max(1, requests)),
    p50: result.latency.p50,
    p95: (result.latency as unknown as Record<string, number>).p97_5 ?? result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** What one start and one autosave cost the server, next to the cheapest route that reads the database. */
async function requestCosts(db: Db, databaseUrl: string, children: ChildProcess[]): Promise<void> {
  const examId = await createMockExam(db, 'Bench cost');
  const cookies = await studentCookies(db, costStudents);
  const product = await startTarget('product', databaseUrl, '00000000-0000-4000-8000-000000000000');
  children.push(product.child);
  const anyUser = (await db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow()).id;
  const bare = await startTarget('bare-fastify', databaseUrl, anyUser);
  children.push(bare.child);
  const base = `http://127.0.0.1:${product.port}`;
  const origin = { origin: base };
  // Warm both processes (JIT, pools) on requests that are not measured.
  await autocannon({ url: `http://127.0.0.1:${bare.port}/bare`, connections: 10, duration: 2 });
  await autocannon({ url: `${base}/api/student/exams`, connections: 10, duration: 2, headers: { cookie: cookies[0]!, ...origin } });

  // The product's fixed cost of a signed-in request: its plugins, hooks and session check, and the
  // one read of the user the bare route makes too; a start or an autosave costs this plus its own work.
  let asking = 0;
  const signedIn = await measureCost('signed-in GET /me', product.child, {
    url: base,
    duration: 10,
    requests: [
      {
        method: 'GET',
        path: '/api/auth/me',
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...origin, cookie: cookies[asking++ % cookies.length]! } }),
      },
    ],
  });
  let next = 0;
  const start = await measureCost('start (new attempt)', product.child, {
    url: base,
    amount: cookies.length,
    requests: [
      {
        method: 'POST',
        path: `/api/student/exams/${examId}/attempts`,
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...origin, cookie: cookies[next++ % cookies.length]! } }),
      },
    ],
  });
  const started = await sql<{ count: number }>`select count(*)::int as count from exam_attempts where exam_id = ${examId}`.execute(db);
  const pairs = await pairCookiesWithAttempts(base, examId, cookies, started.rows[0]!.count);
  let revision = 0;
  let turn = 0;
  const autosave = await measureCost('autosave (10 answers)', product.child, {
    url: base,
    duration: 10,
    requests: [
      {
        method: 'PUT',
        setupRequest: (request) => {
          const [cookie, attemptId] = pairs[turn++ % pairs.length]!;
          revision += 1;
          const answers = Array.from({ length: 10 }, (_, i) => ({
            questionResId: `q${((revision + i) % QUESTIONS) + 1}`,
            providedAnswerIndex: i % 4,
            timeElapsedInMs: 1000 + i,
            revision,
          }));
          return {
            ...request,
            path: `/api/student/attempts/${attemptId}/answers`,
            headers: { ...request.headers, ...origin, cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ answers }),
          };
        },
      },
    ],
  });
  // Every attempt submitted once, after its autosaves (about 50 answers each by now).
  let submitting = 0;
  const submit = await measureCost('submit', product.child, {
    url: base,
    amount: pairs.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const [cookie, attemptId] = pairs[submitting++ % pairs.length]!;
          return { ...request, path: `/api/student/attempts/${attemptId}/submit`, headers: { ...request.headers, ...origin, cookie } };
        },
      },
    ],
  });
  const pk = await measureCost('bare Fastify + PK read', bare.child, { url: `http://127.0.0.1:${bare.port}/bare`, duration: 10 });
  console.log(`
CPU per request, of the server and of PostgreSQL (50 connections, ${os.cpus().length} cores)`);
  console.log('request                   count   server µs/req   PostgreSQL µs/req   p50 ms   p97.5 ms   failed');
  for (const cost of [pk, signedIn, start, autosave, submit]) {
    console.log(
      `${cost.name.padEnd(24)} ${String(cost.requests).padStart(6)} ${String(cost.cpuMicros).padStart(15)} ${String(cost.databaseMicros).padStart(19)} ${String(cost.p50).padStart(8)} ${String(cost.p95).padStart(10)} ${String(cost.failed).padStart(8)}`,
    );
  }
  console.log(
    `autosave costs ${(autosave.cpuMicros / pk.cpuMicros).toFixed(1)}× the bare primary-key route; start ${(start.cpuMicros / pk.cpuMicros).toFixed(1)}×; submit ${(submit.cpuMicros / pk.cpuMicros).toFixed(1)}×`,
  );
  capacityModel(start, autosave, submit);
  console.log(
    `a signed-in request costs the product ${signedIn.cpuMicros} µs of server CPU and PostgreSQL ${signedIn.databaseMicros} µs before its own work (the bare route: ${pk.cpuMicros} and ${pk.databaseMicros} µs)`,
  );
  if (start.failed + autosave.failed + submit.failed + pk.failed + signedIn.failed > 0) process.exitCode = 1;
  product.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}

/**
 * What these costs imply for a live test at the bench's pace: each student makes one start, one
 * submit and an autosave every BENCH_SAVE_MS over QUESTIONS answers every BENCH_ANSWER_MS, so a
 * core (1,000,000 µs a second) carries this many students answering at once.
 */
function capacityModel(start: Cost, autosave: Cost, submit: Cost): void {
  const examSeconds = (QUESTIONS * answerMs) / 1000;
  const autosaves = Math.max(1, Math.ceil((examSeconds * 1000) / saveMs));
  const perStudent = (pick: (cost: Cost) => number) => (pick(start) + autosaves * pick(autosave) + pick(submit)) / examSeconds;
  const server = perStudent((cost) => cost.cpuMicros);
  const database = perStudent((cost) => cost.databaseMicros);
  console.log(
    `capacity at this pace (${autosaves} autosaves and ${QUESTIONS} answers over ${examSeconds.toFixed(0)} s): ` +
      `a student uses ${server.toFixed(0)} µs/s of server CPU and ${database.toFixed(0)} µs/s of PostgreSQL CPU; ` +
      `one core carries ${Math.floor(1e6 / server).toLocaleString('en')} students as server or ${Math.floor(1e6 / database).toLocaleString('en')} as PostgreSQL; ` +
      `the start window alone (every student starting within 10 s): ${Math.floor(10e6 / start.cpuMicros).toLocaleString('en')} starts per server core, ${Math.floor(10e6 / Math.max(1, start.databaseMicros)).toLocaleString('en')} per PostgreSQL core`,
  );
}

/** Each student's cookie with their attempt (a second start resumes it and answers its id). */
async function pairCookiesWithAttempts(base: string, examId: string, cookies: string[], expected: number): Promise<Array<[string, string]>> {
  const port = Number(new URL(base).port);
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < cookies.length; i += 100) {
    const batch = await Promise.all(cookies.slice(i, i + 100).map((cookie) => call(port, 'POST', `/api/student/exams/${examId}/attempts`, cookie)));
    batch.forEach((answer, j) => {
      if (answer.status === 200) pairs.push([cookies[i + j]!, (answer.json as { _id: string })._id]);
    });
  }
  if (pairs.length !== expected) throw new Error(`expected ${expected} attempts to resume, got ${pairs.length}`);
  return pairs;
}

async function liveMockTest(db: Db, databaseUrl: string, children: ChildProcess[]): Promise<void> {
  const examId = await createMockExam(db, 'Bench mock test');
  const cookies = await studentCookies(db, students);
  const target = await startTarget('product', databaseUrl, '00000000-0000-4000-8000-000000000000');
  children.push(target.child);
  const timings: Timings = emptyTimings();
  console.log(
    `${students} students in ${loadThreads} threads of the load generator, ${QUESTIONS} questions, an answer every ~${answerMs} ms (each at their own pace), autosave every ${saveMs} ms ...`,
  );
  const cpuBefore = cpuMs(target.child.pid);
  const databaseCpuBefore = postgresCpuMs(databasePort);
  const machineBefore = machineBusyMs();
  const driverCpuBefore = process.cpuUsage();
  const began = performance.now();
  // As in a real exam, the students open the app (its exam list) before it starts; each thread
  // says when its students have, and the start window opens once all have.
  const threads = Array.from({ length: loadThreads }, (_, index) => {
    const plan: StudentsPlan = {
      port: target.port,
      examId,
      cookies: cookies.filter((_, i) => i % loadThreads === index),
      questions: QUESTIONS,
      answerMs,
      saveMs,
      openMs,
    };
    return new Worker(new URL('./exam-students.worker.ts', import.meta.url), { workerData: plan });
  });
  const opened = threads.map((thread) => nextMessage(thread, 'opened'));
  const finished = threads.map((thread) => nextMessage<{ timings: Timings }>(thread, 'done'));
  await Promise.all(opened);
  const windowOpened = performance.now();
  for (const thread of threads) thread.postMessage({ type: 'go', windowOpenedAt: performance.timeOrigin + windowOpened });
  // CPU by 20 s of the run from the window's opening, sampled on the side: a slow stretch shows whether
  // the machine was saturated there, and by whom. The first 12 s (every start sent, most answered) on their own.
  const cpuSamples = sampleCpuEvery(20_000, () => readCpu(target.child.pid, databasePort));
  let startWindow: { from: CpuReading; to: CpuReading } | undefined;
  const windowTimer = setTimeout(() => (startWindow = { from: cpuSamples.first, to: readCpu(target.child.pid, databasePort) }), 12_000);
  for (const { timings: ofThread } of await Promise.all(finished)) mergeTimings(timings, ofThread);
  clearTimeout(windowTimer);
  const cpuReadings = cpuSamples.stop();
  await Promise.all(threads.map((thread) => thread.terminate()));
  const seconds = (performance.now() - began) / 1000;
  const cpu = (cpuMs(target.child.pid) - cpuBefore) / 1000;
  const databaseCpu = (postgresCpuMs(databasePort) - databaseCpuBefore) / 1000;
  const machineCpu = (machineBusyMs() - machineBefore) / 1000;
  const driverCpu = process.cpuUsage(driverCpuBefore);
  const stored = await sql<{ answers: number; submitted: number }>`
    select (select count(*)::int from attempt_answers a join exam_attempts t on t.id = a.attempt_id where t.exam_id = ${examId}) as answers,
           (select count(*)::int from exam_attempts where exam_id = ${examId} and status = 'submitted') as submitted`.execute(db);
  const line = (name: string, values: number[]) =>
    `${name.padEnd(10)} ${String(values.length).padStart(7)} ${percentile(values, 50).toFixed(1).padStart(9)} ${percentile(values, 95).toFixed(1).padStart(9)} ${percentile(values, 99).toFixed(1).padStart(9)}`;
  console.log(`\nrequest     count    p50 ms    p95 ms    p99 ms`);
  console.log(line('list', timings.list));
  console.log(line('start', timings.start));
  console.log(line('autosave', timings.autosave));
  console.log(line('submit', timings.submit));
  // The same requests as the server timed them: what is left of a slow answer waited in the load generator.
  const serverTimes = (await call(target.port, 'GET', '/bench/server-times', '')).json as Record<
    string,
    { count: number; p50: number; p95: number; p99: number }
  >;
  const serverLine = (name: string, route: string) => {
    const times = serverTimes[route];
    return times
      ? `${name.padEnd(10)} ${String(times.count).padStart(7)} ${times.p50.toFixed(1).padStart(9)} ${times.p95.toFixed(1).padStart(9)} ${times.p99.toFixed(1).padStart(9)}`
      : `${name}: none`;
  };
  console.log(`as the server timed them (from reading the request to sending the answer):`);
  console.log(serverLine('list', 'GET /api/student/exams'));
  console.log(serverLine('start', 'POST /api/student/exams/:examId/attempts'));
  console.log(serverLine('autosave', 'PUT /api/student/attempts/:attemptId/answers'));
  console.log(serverLine('submit', 'POST /api/student/attempts/:attemptId/submit'));
  const gc = (await call(target.port, 'GET', '/bench/gc-pauses', '')).json as { longestMs: number; over50Ms: number };
  console.log(`the server's collector: longest pause ${gc.longestMs.toFixed(0)} ms, ${gc.over50Ms} over 50 ms`);
  // Starts by the second of the start window they were sent in: a slow first second shows a cold server.
  const bySecond = Array.from({ length: 10 }, (_, second) =>
    timings.startsOverTime.filter(([at]) => at >= second * 1000 && at < (second + 1) * 1000).map(([, ms]) => ms),
  );
  console.log(`start p95 by second of the window (ms): ${bySecond.map((values) => percentile(values, 95).toFixed(0)).join(' ')}`);
  // Lists by 5 s of the opening: a slow beginning shows a server that has just started (a cold one).
  const byFive = Array.from({ length: Math.ceil(openMs / 5000) }, (_, part) =>
    timings.listsOverTime.filter(([at]) => at >= part * 5000 && at < (part + 1) * 5000).map(([, ms]) => ms),
  );
  console.log(`list p95 by 5 s of the opening (ms): ${byFive.map((values) => (values.length ? percentile(values, 95).toFixed(0) : '-')).join(' ')}`);
  // Autosaves and submits by 20 s of the run: a slow stretch (a pause of the server, a wave of submits) shows here.
  const byStretch = (samples: Array<[number, number]>) => {
    const last = samples.reduce((latest, [at]) => Math.max(latest, at), 0);
    return Array.from({ length: Math.floor(last / 20_000) + 1 }, (_, stretch) =>
      percentile(
        samples.filter(([at]) => at >= stretch * 20_000 && at < (stretch + 1) * 20_000).map(([, ms]) => ms),
        95,
      ),
    )
      .map((p95) => (Number.isNaN(p95) ? '-' : p95.toFixed(0)))
      .join(' ');
  };
  console.log(`autosave p95 by 20 s of the run (ms): ${byStretch(timings.savesOverTime)}`);
  console.log(`submit p95 by 20 s of the run (ms): ${byStretch(timings.submitsOverTime)}`);
  const requests = timings.list.length + timings.start.length + timings.autosave.length + timings.submit.length;
  const driverSeconds = (driverCpu.user + driverCpu.system) / 1e6;
  const share = (used: number) => `${((used / (seconds * os.cpus().length)) * 100).toFixed(0)}%`;
  console.log(
    `\n${requests} requests in ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)}/s); CPU: server ${cpu.toFixed(0)} s, PostgreSQL ${databaseCpu.toFixed(0)} s, load generator ${driverSeconds.toFixed(0)} s (${os.cpus().length} cores)`,
  );
  console.log(
    `share of the ${os.cpus().length} cores over the run: server ${share(cpu)}, PostgreSQL ${share(databaseCpu)}, load generator ${share(driverSeconds)}, ` +
      `other processes on the machine ${share(Math.max(0, machineCpu - cpu - databaseCpu - driverSeconds))}, idle ${share(Math.max(0, seconds * os.cpus().length - machineCpu))}`,
  );
  // The start window is the peak: its own split.
  if (startWindow) {
    const window = cpuShares(startWindow.from, startWindow.to);
    const seconds = (startWindow.to.at - startWindow.from.at) / 1000;
    console.log(
      `in the ${seconds.toFixed(0)} s start window: server ${window.server.toFixed(0)}%, PostgreSQL ${window.database.toFixed(0)}%, load generator ${window.driver.toFixed(0)}%, other processes ${window.other.toFixed(0)}%`,
    );
  }
  console.log(`CPU by 20 s of the run (server/PostgreSQL/load generator/other processes/idle, % of the cores): ${formatCpuStretches(cpuReadings)}`);
  console.log(`errors: ${Object.keys(timings.errors).length === 0 ? 'none' : JSON.stringify(timings.errors)}`);
  console.log(`submitted attempts: ${stored.rows[0]!.submitted} of ${students}; answers stored: ${stored.rows[0]!.answers}`);
  console.log(`results that disagree with the answers given (lost answers): ${timings.lost}`);
  console.log('');
  checkTarget(`start p95 (${students} students)`, percentile(timings.start, 95), LIVE_TARGETS.start);
  checkTarget('autosave p95', percentile(timings.autosave, 95), LIVE_TARGETS.autosave);
  checkTarget('submit p95', percentile(timings.submit, 95), LIVE_TARGETS.submit);
  checkTarget(
    'errors',
    Object.values(timings.errors).reduce((sum, n) => sum + n, 0),
    0,
    '',
  );
  checkTarget('lost answers', timings.lost, 0, '');
  if (timings.lost > 0 || Object.keys(timings.errors).length > 0) process.exitCode = 1;
}

async function seedAttempts(db: Db, size: number): Promise<string> {
  const examId = await createMockExam(db, `Rank bench ${size}`);
  const exam = await db.selectFrom('exams').selectAll().where('id', '=', examId).executeTakeFirstOrThrow();
  const paper = await db
    .insertInto('exam_papers')
    .values({ exam_id: examId, content_hash: exam.paper_hash, paper: JSON.stringify(paperOf(exam)) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const have = await sql<{ count: number }>`select count(*)::int as count from users where name like 'Rank student %'`.execute(db);
  if (have.rows[0]!.count < size) {
    await sql`insert into users (name, roles) select 'Rank student ' || g, '{}' from generate_series(${have.rows[0]!.count + 1}::int, ${size}::int) g`.execute(
      db,
    );
  }
  // Scores with two decimals between -10 and 100 (many ties), and one in ten students with a second attempt.
  await sql`
    insert into exam_attempts (exam_id, user_id, paper_id, attempt_number, status, started_at, deadline_at, submitted_at, submitted_by, score, performance, correct_count, wrong_count, unattempted_count, unseen_count, is_first, submitted_seq)
    select ${examId}, u.id, ${paper.id}, n, 'submitted', now() - interval '2 hours', now() - interval '45 minutes', now() - interval '1 hour' + n * interval '1 minute', 'student',
           round((random() * 110 - 10)::numeric, 2), 0, 50, 30, 20, 0, n = 1, nextval('exam_attempt_submit_seq')
    from (select id from users where name like 'Rank student %' order by id limit ${size}::int) u
    cross join generate_series(1, 2) n
    where n = 1 or random() < 0.1`.execute(db);
  await sql`vacuum analyze exam_attempts`.execute(db);
  return examId;
}

async function rankSync(db: Db): Promise<void> {
  for (const size of rankSizes) {
    const seeding = performance.now();
    const examId = await seedAttempts(db, size);
    console.log(`\n${size.toLocaleString('en')} students (${((performance.now() - seeding) / 1000).toFixed(0)} s to seed)`);
    let slowest = 0;
    for (const round of [1, 2]) {
      const started = performance.now();
      const state = await syncRanks(db, examId);
      const seconds = (performance.now() - started) / 1000;
      slowest = Math.max(slowest, seconds);
      console.log(`  rank sync ${round}: ${seconds.toFixed(2)} s for ${state.totalParticipants.toLocaleString('en')} ranked`);
    }
    checkTarget(`  rank sync, ${size.toLocaleString('en')} attempts`, slowest, RANK_SYNC_TARGET_S, 's');
    await sql`analyze exam_rank_scores`.execute(db);
    const exam = await db.selectFrom('exams').selectAll().where('id', '=', examId).executeTakeFirstOrThrow();
    const reads: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const started = performance.now();
      const rows = await rankingRows(db, exam, 100);
      reads.push(performance.now() - started);
      if (rows.length !== 100) throw new Error('top-100 read returned fewer rows');
    }
    console.log(`  top-100 analytics read: p50 ${percentile(reads, 50).toFixed(2)} ms, p95 ${percentile(reads, 95).toFixed(2)} ms`);
    checkTarget('  top-100 read p95', percentile(reads, 95), TOP_100_TARGET_MS);
  }
}

export async function runExamBenchmark(): Promise<void> {
  const { databaseUrl, handle, close } = await openBenchDatabase(4);
  databasePort = localDatabasePort(databaseUrl);
  const children: ChildProcess[] = [];
  try {
    if (costStudents > 0) await requestCosts(handle.db, databaseUrl, children);
    if (students > 0) await liveMockTest(handle.db, databaseUrl, children);
    for (const child of children) child.kill('SIGTERM');
    await rankSync(handle.db);
    console.log('\ntargets');
    for (const { line } of checks) console.log(line.trimStart());
    const missed = checks.filter((c) => !c.met).length;
    console.log(missed === 0 ? 'every target met' : `${missed} of ${checks.length} targets missed`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    sharedAgent.destroy();
    await close();
  }
}
