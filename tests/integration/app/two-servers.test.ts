import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabase } from '../../support/app-harness.ts';
import { createFreeRateCard, editableExam, questionGroup } from '../../support/exam-factory.ts';
import { freePort } from '../../support/free-port.ts';
import { runScript, type ScriptRun } from '../../support/script-run.ts';
import { createUser } from '../../support/test-app.ts';

/**
 * Two server processes (the entry `npm start` runs) on one PostgreSQL, as a fleet behind a load
 * balancer runs them: what one server does, the other sees.
 */
const database = useDatabase();
const SECRET = 'two-servers-share-this-session-secret';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'psc-two-servers-'));
chmodSync(dataDir, 0o755);
const runs: ScriptRun[] = [];
let a: Server;
let b: Server;

interface Server {
  base: string;
  call(method: string, url: string, cookie: string | null, body?: unknown): Promise<{ status: number; json: ReturnType<typeof JSON.parse> }>;
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const run = runScript('server/main.ts', dataDir, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    SESSION_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: '',
    CONSOLE_DIST_DIR: path.join(dataDir, 'no-console'),
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: 'owner-password-1',
    DATABASE_POOL_SIZE: '4',
  });
  runs.push(run);
  await run.waitFor('Worker:', 60_000, `server on port ${port}`);
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    async call(method, url, cookie, body) {
      const answer = await fetch(`${base}${url}`, {
        method,
        headers: {
          origin: base,
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      return { status: answer.status, json: text ? JSON.parse(text) : null };
    },
  };
}

async function signIn(server: Server, emailAddress: string, password = 'secret1'): Promise<string> {
  const answer = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base },
    body: JSON.stringify({ emailAddress, password }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('psc_session='));
  expect(cookie).toBeDefined();
  return cookie!;
}

beforeAll(async () => {
  // One after the other: the second finds the migrations applied and the first administrator there.
  a = await startServer();
  b = await startServer();
}, 150_000);

afterAll(async () => {
  for (const run of runs) run.child.kill('SIGTERM');
  await Promise.all(runs.map((run) => Promise.race([run.exited, new Promise((resolve) => setTimeout(resolve, 10_000)).then(() => run.child.kill('SIGKILL'))])));
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

type Answer = { questionResId: string; providedAnswerIndex: number; timeElapsedInMs: number; revision: number };
const start = (server: Server, cookie: string, examId: string) => server.call('POST', `/api/student/exams/${examId}/attempts`, cookie);
const questionsOf = (attempt: { questionGroups: Array<{ questions: Array<{ resId: string }> }> }) => attempt.questionGroups[0]!.questions;

let admin: string;
let freeCard: string;
const students: string[] = [];

/** An exam of `count` questions whose correct option is `correct(i)`, created and published on `server`. */
async function publishedExam(server: Server, count: number, correct: (i: number) => number): Promise<string> {
  const created = await server.call('POST', '/api/admin/exams', admin, { title: 'Fleet mock', templateId: 'regular' });
  expect(created.status).toBe(200);
  const saved = await server.call('PUT', `/api/admin/exams/${created.json._id}`, admin, {
    value: {
      title: 'Fleet mock',
      isVisible: true,
      examDurationInMinutes: 30,
      totalQuestions: count,
      totalMarks: count,
      wrongAnswerScore: 0.25,
      masterSubscription: freeCard,
      questionGroups: [questionGroup(count, { correct })],
    },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect(saved.json.isPublished).toBe(true);
  return created.json._id;
}

describe('two servers on one database', () => {
  beforeAll(async () => {
    await createUser(database.db, { email: 'fleet-admin@example.com', roles: ['admin'] });
    for (let i = 1; i <= 4; i += 1) await createUser(database.db, { email: `fleet${i}@example.com`, name: `Fleet student ${i}` });
    freeCard = await createFreeRateCard(database.db);
    admin = await signIn(a, 'fleet-admin@example.com');
    for (let i = 1; i <= 4; i += 1) students.push(await signIn(i % 2 ? a : b, `fleet${i}@example.com`));
  }, 60_000);

  it('a student signed in on one server is signed in on the other (one session secret)', async () => {
    const onA = await a.call('GET', '/api/auth/me', students[0]!);
    const onB = await b.call('GET', '/api/auth/me', students[0]!);
    expect(onA.status).toBe(200);
    expect(onB.status).toBe(200);
    expect(onB.json).toEqual(onA.json);
    expect(onB.json.emailAddress).toBe('fleet1@example.com');
    expect((await b.call('GET', '/api/auth/me', null)).status).toBe(401);
  });

  it('an attempt started on A, autosaved on B and submitted on A keeps and scores every answer', async () => {
    const examId = await publishedExam(a, 8, (i) => i % 4);
    const cookie = students[0]!;
    const started = await start(a, cookie, examId);
    expect(started.status).toBe(200);
    const questions = questionsOf(started.json);
    // Six right, one wrong, one left blank; saved in two batches on B, the second changing an answer.
    const first: Answer[] = questions
      .slice(0, 4)
      .map((q, i) => ({ questionResId: q.resId, providedAnswerIndex: (i + 1) % 4, timeElapsedInMs: 900, revision: 1 }));
    const second: Answer[] = [
      ...questions.slice(0, 3).map((q, i) => ({ questionResId: q.resId, providedAnswerIndex: i % 4, timeElapsedInMs: 1200, revision: 2 })),
      ...questions.slice(4, 7).map((q, i) => ({ questionResId: q.resId, providedAnswerIndex: (i + 4) % 4, timeElapsedInMs: 1300, revision: 2 })),
    ];
    for (const batch of [first, second]) {
      const saved = await b.call('PUT', `/api/student/attempts/${started.json._id}/answers`, cookie, { answers: batch });
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
      expect(saved.json.saved).toBe(batch.length);
    }
    // Resuming on B shows what was saved there.
    const resumed = await start(b, cookie, examId);
    expect(resumed.json._id).toBe(started.json._id);
    const shown = resumed.json.questionGroups[0].questions as Array<{ providedAnswerIndex: number }>;
    expect(shown.map((q) => q.providedAnswerIndex)).toEqual([0, 1, 2, 0, 0, 1, 2, -1]);

    const submitted = await a.call('POST', `/api/student/attempts/${started.json._id}/submit`, cookie);
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
    // Questions 1–3 and 5–7 right; question 4 (key 3) answered 0, wrong; question 8 blank.
    expect(submitted.json).toMatchObject({ correctAnswerCount: 6, wrongAnswerCount: 1, unAttemptedAnswerCount: 1, score: 5.75 });
    const onB = await b.call('GET', `/api/student/attempts/${started.json._id}/result`, cookie);
    expect(onB.json).toMatchObject({ correctAnswerCount: 6, wrongAnswerCount: 1, unAttemptedAnswerCount: 1, score: 5.75 });
  });

  it('two starts of the same exam at once, one on each server, give one attempt', async () => {
    const cookie = students[1]!;
    for (let round = 0; round < 3; round += 1) {
      const examId = await publishedExam(round % 2 ? a : b, 2, () => 1);
      const [onA, onB] = await Promise.all([start(a, cookie, examId), start(b, cookie, examId)]);
      expect([onA.status, onB.status]).toEqual([200, 200]);
      expect(onB.json._id).toBe(onA.json._id);
      const rows = await database.db.selectFrom('exam_attempts').select('id').where('exam_id', '=', examId).execute();
      expect(rows.map((row) => row.id)).toEqual([onA.json._id]);
    }
  });

  it('an exam saved on A with a new answer key is what a new attempt on B gets', async () => {
    const examId = await publishedExam(a, 4, () => 0);
    // B has served this exam's paper (the old key) to a student before the change.
    const before = await start(b, students[2]!, examId);
    expect(before.status).toBe(200);
    const details = await a.call('GET', `/api/admin/exams/details/${examId}`, admin);
    const value = editableExam(details.json);
    const groups = value.questionGroups as Array<{ questions: Array<{ correctAnswerIndex: number }> }>;
    for (const question of groups[0]!.questions) question.correctAnswerIndex = 2;
    const saved = await a.call('PUT', `/api/admin/exams/${examId}`, admin, { value });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);

    const after = await start(b, students[3]!, examId);
    expect(after.status).toBe(200);
    const answers = questionsOf(after.json).map((q) => ({ questionResId: q.resId, providedAnswerIndex: 2, timeElapsedInMs: 500, revision: 1 }));
    expect((await b.call('PUT', `/api/student/attempts/${after.json._id}/answers`, students[3]!, { answers })).status).toBe(200);
    const submitted = await b.call('POST', `/api/student/attempts/${after.json._id}/submit`, students[3]!);
    expect(submitted.json).toMatchObject({ correctAnswerCount: 4, wrongAnswerCount: 0, score: 4 });
  });

  it("a rank sync on A is what B's ranking shows", async () => {
    const examId = await publishedExam(b, 4, () => 1);
    // Scores 4, 2, 0.75 and -1 (all wrong), taken on one server or the other.
    const plan = [
      [1, 1, 1, 1],
      [1, 1, -1, -1],
      [1, 0, -1, -1],
      [0, 0, 0, 0],
    ];
    for (const [n, cookie] of students.entries()) {
      const server = n % 2 ? b : a;
      const attempt = (await start(server, cookie, examId)).json;
      const answers = questionsOf(attempt)
        .map((q, i) => ({ questionResId: q.resId, providedAnswerIndex: plan[n]![i]!, timeElapsedInMs: 700, revision: 1 }))
        .filter((answer) => answer.providedAnswerIndex >= 0);
      expect((await server.call('PUT', `/api/student/attempts/${attempt._id}/answers`, cookie, { answers })).status).toBe(200);
      expect((await server.call('POST', `/api/student/attempts/${attempt._id}/submit`, cookie)).status).toBe(200);
    }
    // B reads the ranking before the sync (nothing synced yet), then A syncs and publishes it.
    expect((await b.call('GET', `/api/admin/exams/analytics/${examId}`, admin)).json).toEqual([]);
    expect((await a.call('PUT', `/api/admin/exams/${examId}/rank/sync`, admin, {})).status).toBe(200);
    expect((await a.call('PUT', `/api/admin/exams/${examId}/rank/status/published`, admin, {})).status).toBe(200);

    const onA = (await a.call('GET', `/api/admin/exams/analytics/${examId}`, admin)).json;
    const onB = (await b.call('GET', `/api/admin/exams/analytics/${examId}`, admin)).json;
    expect(onB).toEqual(onA);
    expect(onB.map((row: { rank: number; score: number }) => [row.rank, row.score])).toEqual([
      [1, 4],
      [2, 2],
      [3, 0.75],
      [4, -1],
    ]);
    const ranking = await b.call('GET', `/api/student/exams/${examId}/ranking`, students[2]!);
    expect(ranking.status).toBe(200);
    expect(ranking.json.me).toMatchObject({ rank: 3, score: 0.75 });
    expect(ranking.json.items.map((item: { rank: number }) => item.rank)).toEqual([1, 2, 3, 4]);
  });
});
