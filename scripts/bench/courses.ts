import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { cpuMs, startTarget } from './processes.ts';
import { insertBenchAdmin, openBenchDatabase, signIn } from './bench-database.ts';
import { hashPassword } from '../../server/auth/password.ts';

/**
 * Benchmark of the courses (part of `npm run bench`): a course of 30 subjects × 50 lectures with
 * 100 exams. The console editor's load and save, one after another (p50/p95), and the student
 * course read under BENCH_CONNECTIONS clients asking for gzip, for each kind of reader (one who holds
 * the course, one it is free to, one who holds lectures one by one, one who holds nothing), then a
 * page of a subject and a week of days, next to the bare primary-key route of the session benchmark.
 * Options (environment): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50),
 * BENCH_EDITOR_ROUNDS (default 40), DATABASE_URL.
 * Targets: editor load and save p95 under 100 ms; every student read p95 under 50 ms (measured from
 * every response's time), the course answer at most 30 KB gzipped, and the read at least a quarter of
 * the bare route's requests per second.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_EDITOR_ROUNDS ?? 40);
const SUBJECTS = 30;
const LECTURES_PER_SUBJECT = 50;
const EXAMS = 100;
/** Lectures the lecture-by-lecture reader holds, each by a grant of its own. */
const HELD_ONE_BY_ONE = 300;
const TARGET_P95_MS = 50;
const TARGET_GZIP_KB = 30;
const TARGET_SHARE = 0.25;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runCoursesBenchmark(): Promise<void> {
  const { databaseUrl, handle, close } = await openBenchDatabase(2);
  const children: ChildProcess[] = [];
  try {
    const stamp = Date.now();
    const passwordHash = await hashPassword('bench-pass');
    const admin = await insertBenchAdmin(handle.db, `bench-admin-${stamp}@example.com`, passwordHash);
    const student = await handle.db
      .insertInto('users')
      .values({ name: 'Bench Student', email_address: `bench-student-${stamp}@example.com`, password_hash: passwordHash, roles: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const card = await handle.db
      .insertInto('subscriptions')
      .values({ title: 'Bench card', gross_amount: 1000, gst_amount: 180, net_amount: 1180 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lectures = await handle.db
      .insertInto('lectures')
      .values(
        Array.from({ length: SUBJECTS * LECTURES_PER_SUBJECT }, (_, i) => ({
          title: `Lecture ${i + 1}`,
          is_visible: true,
          is_published: true,
          video_duration_in_minutes: 40,
          master_subscription_id: card.id,
        })),
      )
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
      fetch(`${base}${url}`, {
        method,
        headers: { cookie: adminCookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

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

    // After the editor's saves (which set the course's extra cards from the editor's value).
    // The other readers: one the course is free to (a special student, through a Lakshya-free extra card),
    // one holding lectures one by one, one holding nothing.
    const reader = async (name: string, phone: string | null) =>
      (
        await handle.db
          .insertInto('users')
          .values({
            name,
            email_address: `bench-${name}-${stamp}@example.com`,
            password_hash: passwordHash,
            roles: [],
            phone_number: phone,
            phone_verified_at: phone ? new Date() : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const lakshyaPhone = `98${String(stamp).slice(-8)}`;
    await reader('special', lakshyaPhone);
    await handle.db.insertInto('lakshya_students').values({ name: 'Bench special', phone_number: lakshyaPhone }).execute();
    const lakshyaCard = await handle.db
      .insertInto('subscriptions')
      .values({ title: 'Bench Lakshya card', is_free: true, free_mode: 'lakshya-students', gross_amount: 0, gst_amount: 0, net_amount: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db.insertInto('course_subscriptions').values({ course_id: created._id, subscription_id: lakshyaCard.id }).execute();
    const byLecture = await reader('by-lecture', null);
    await handle.db
      .insertInto('entitlements')
      .values(
        lectures
          .slice(0, HELD_ONE_BY_ONE * 5)
          .filter((_, i) => i % 5 === 0)
          .map((lecture) => ({ user_id: byLecture, resource_type: 'lecture' as const, resource_id: lecture.id })),
      )
      .execute();
    await reader('nothing', null);
    const signInAs = (name: string) => signIn(base, `bench-${name}-${stamp}@example.com`, 'bench-pass');
    const specialCookie = await signInAs('special');
    const byLectureCookie = await signInAs('by-lecture');
    const nothingCookie = await signInAs('nothing');
    const courseUrl = `${base}/api/student/courses/${created._id}`;
    const subjectIds = saved.subjects.map((subject) => subject._id);
    const pageUrl = `${courseUrl}/subjects/${subjectIds[9]}/lectures?page=1`;
    const daysUrl = `${courseUrl}/days?from=15&to=21`;
    const cookies = { holder: studentCookie, freeToThem: specialCookie, byLecture: byLectureCookie, nothing: nothingCookie };
    type Reader = keyof typeof cookies;
    // An app keeps the cookie the server renews (the session's idle clock moves forward at most once a minute, with a new
    // Set-Cookie); the load generator keeps the one it was given, which would make every answer after that minute renew it
    // again. So each load signs its reader in anew, as an app that keeps its cookie is.
    const signInAgain = (reader: Reader) =>
      reader === 'holder'
        ? signIn(base, `bench-student-${stamp}@example.com`, 'bench-pass')
        : signInAs({ freeToThem: 'special', byLecture: 'by-lecture', nothing: 'nothing' }[reader]);
    const check = await fetch(courseUrl, { headers: { cookie: byLectureCookie } });
    const course = (await check.json()) as { dayIndexes: number[]; entitled: boolean; firstSubjectLectures: { lectures: Array<{ canWatch: boolean }> } };
    if (
      check.status !== 200 ||
      course.entitled ||
      course.dayIndexes.length !== SUBJECTS * 2 ||
      !course.firstSubjectLectures.lectures.some((lecture) => lecture.canWatch)
    ) {
      throw new Error(`bench student read is wrong: ${check.status}`);
    }
    for (const [kind, cookie] of Object.entries(cookies)) {
      const answer = (await (await fetch(courseUrl, { headers: { cookie } })).json()) as { entitled: boolean };
      if (answer.entitled !== (kind === 'holder' || kind === 'freeToThem')) throw new Error(`bench reader ${kind} reads entitled ${answer.entitled}`);
    }
    const plainBytes = Buffer.byteLength(JSON.stringify(course));
    // Read raw (fetch would unpack it) to see what goes over the wire.
    const wire = (url: string) =>
      new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
        http
          .get(url, { headers: { cookie: studentCookie, 'accept-encoding': 'gzip' } }, (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'none') }));
          })
          .on('error', reject);
      });
    const zipped = await wire(courseUrl);
    const [pageWire, daysWire] = [await wire(pageUrl), await wire(daysUrl)];
    const wireBytes = zipped.bytes;
    // The apps ask for gzip, as browsers and mobile HTTP clients do.
    // The product's CPU per request (µs) and the exact p95 of each measured load, by the result it gave.
    const cpuPerRequest = new Map<autocannon.Result, number>();
    const p95Of = new Map<autocannon.Result, number>();
    const load = async (url: string, reader: Reader, duration = seconds, headers: Record<string, string> = {}) => {
      const cookie = await signInAgain(reader);
      const before = cpuMs(product.child.pid);
      const times: number[] = [];
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon({ url, connections, duration, headers: { cookie, 'accept-encoding': 'gzip', ...headers } }, (error, done) =>
          error ? reject(error) : resolve(done),
        );
        instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
      });
      cpuPerRequest.set(result, Math.round(((cpuMs(product.child.pid) - before) * 1000) / Math.max(1, result.requests.total)));
      p95Of.set(
        result,
        percentile(
          times.sort((a, b) => a - b),
          95,
        ),
      );
      return result;
    };
    // Warm-up: every kind of reader and page once under load, and the bare route.
    for (const reader of Object.keys(cookies) as Reader[]) await load(courseUrl, reader, 1);
    await load(pageUrl, 'byLecture', 1);
    await load(daysUrl, 'byLecture', 1);
    await autocannon({ url: `http://127.0.0.1:${bare.port}/bare`, connections, duration: 2 });
    const read = await load(courseUrl, 'holder');
    const reads = {
      holder: read,
      freeToThem: await load(courseUrl, 'freeToThem'),
      byLecture: await load(courseUrl, 'byLecture'),
      nothing: await load(courseUrl, 'nothing'),
    };
    const pageRead = await load(pageUrl, 'byLecture');
    const daysRead = await load(daysUrl, 'byLecture');
    const bareRead = await autocannon({ url: `http://127.0.0.1:${bare.port}/bare`, connections, duration: seconds });
    // The product's own floor: the session check and one read (GET /api/auth/me).
    const meRead = await load(`${base}/api/auth/me`, 'holder');
    const sizedUrl = `http://127.0.0.1:${bare.port}/bare-sized/${wireBytes}`;
    await autocannon({ url: sizedUrl, connections, duration: 2 });
    const bareSized = await autocannon({ url: sizedUrl, connections, duration: seconds });
    // An app that already has the course asks with its ETag and gets 304 while nothing changed.
    const etag = (await fetch(courseUrl, { headers: { cookie: studentCookie } })).headers.get('etag') ?? '';
    const revalidate = await load(courseUrl, 'holder', seconds, { 'if-none-match': etag });
    if (revalidate['2xx'] > 0 || revalidate['3xx'] === 0) throw new Error('bench revalidation did not answer 304');

    const ms = (value: number) => value.toFixed(1);
    const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    console.log(`\nA course of ${SUBJECTS} subjects × ${LECTURES_PER_SUBJECT} lectures and ${EXAMS} exams; ${os.cpus().length} cores`);
    console.log(
      `Editor load (GET /api/admin/courses/{id}), ${rounds} in a row:  p50 ${ms(percentile(loads, 50))} ms, p95 ${ms(percentile(loads, 95))} ms (target p95 < 100 ms)`,
    );
    console.log(
      `Editor save (PUT, whole course), ${rounds} in a row:           p50 ${ms(percentile(saves, 50))} ms, p95 ${ms(percentile(saves, 95))} ms (target p95 < 100 ms)`,
    );
    console.log(`\n${connections} connections, ${seconds} s each, gzip          req/s   p50 ms   p95 ms  p97.5 ms   errors  non-2xx  CPU µs/req  target`);
    const rows: Array<[string, autocannon.Result, string]> = [
      ['course: holds the course', reads.holder, `p95 < ${TARGET_P95_MS} ms`],
      ['course: free to them (Lakshya)', reads.freeToThem, `p95 < ${TARGET_P95_MS} ms`],
      [`course: holds ${HELD_ONE_BY_ONE} lectures one by one`, reads.byLecture, `p95 < ${TARGET_P95_MS} ms`],
      ['course: holds nothing', reads.nothing, `p95 < ${TARGET_P95_MS} ms`],
      ['subject page (one by one)', pageRead, `p95 < ${TARGET_P95_MS} ms`],
      ['7 days (one by one)', daysRead, `p95 < ${TARGET_P95_MS} ms`],
      ['bare Fastify + PK read', bareRead, ''],
      ['GET /api/auth/me (session + one read)', meRead, ''],
      [`bare + PK read, ${Math.round(wireBytes / 1024)} KB answer`, bareSized, ''],
      ['course, 304 (ETag)', revalidate, ''],
    ];
    for (const [name, result, target] of rows) {
      console.log(
        `${name.padEnd(42)} ${String(Math.round(result.requests.average)).padStart(6)} ${String(result.latency.p50).padStart(8)} ${(p95Of.has(result) ? p95Of.get(result)!.toFixed(1) : '').padStart(8)} ${String(result.latency.p97_5).padStart(9)} ${String(result.errors + result.timeouts).padStart(8)} ${String(result.non2xx).padStart(8)} ${String(cpuPerRequest.get(result) ?? '').padStart(11)}  ${target}`,
      );
    }
    const gzipKb = wireBytes / 1024;
    console.log(
      `Course answer: ${Math.round(plainBytes / 1024)} KB of JSON, ${gzipKb.toFixed(1)} KB on the wire (content-encoding ${zipped.encoding}; target at most ${TARGET_GZIP_KB} KB: ${met(gzipKb <= TARGET_GZIP_KB)}); ` +
        `a subject page ${(pageWire.bytes / 1024).toFixed(1)} KB, 7 days ${(daysWire.bytes / 1024).toFixed(1)} KB`,
    );
    const share = read.requests.average / bareRead.requests.average;
    const studentRows = rows.slice(0, 6);
    const slowest = Math.max(...studentRows.map(([, result]) => p95Of.get(result)!));
    console.log(
      `\nCourse read (holder) vs bare route: ${(share * 100).toFixed(0)}% of its req/s (target at least ${TARGET_SHARE * 100}%: ${met(share >= TARGET_SHARE)})`,
    );
    for (const [name, result] of studentRows.slice(1, 4)) {
      console.log(`  ${name}: ${((result.requests.average / bareRead.requests.average) * 100).toFixed(0)}% of the bare route's req/s`);
    }
    console.log(
      `Slowest student read: p95 ${slowest.toFixed(1)} ms (target p95 < ${TARGET_P95_MS} ms for each kind of reader and page: ${met(slowest < TARGET_P95_MS)})`,
    );
    console.log(
      `Course read vs the bare route answering as many bytes: ${((read.requests.average / bareSized.requests.average) * 100).toFixed(0)}% of its req/s ` +
        `(the load generator shares these ${os.cpus().length} cores and reads every byte)`,
    );
    console.log(
      `Revalidation (If-None-Match, 304): ${Math.round(revalidate.requests.average)} req/s, ${((revalidate.requests.average / bareRead.requests.average) * 100).toFixed(0)}% of the bare route, p97.5 ${revalidate.latency.p97_5} ms`,
    );
    if (studentRows.some(([, result]) => result.errors + result.timeouts + result.non2xx > 0)) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await close();
  }
}
