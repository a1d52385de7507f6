import http from 'node:http';

/**
 * The students of the live mock test (exams.ts), as their phones behave: open the app, start within
 * the start window, answer at their own pace, autosave, submit, and check the result. They run in a
 * few worker threads (exam-students.worker.ts), each with its own heap: ten thousand phones in one
 * heap let its collector pause the whole load generator, and every answer it was waiting for, for
 * half a second at a time, which is the load generator's time and not the server's.
 */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What each student of a thread does, and where. */
export interface StudentsPlan {
  port: number;
  examId: string;
  cookies: string[];
  questions: number;
  /** The average time to answer a question (each student at 0.6 to 1.4 times it). */
  answerMs: number;
  /** Answers given since the last save are saved this often. */
  saveMs: number;
  /** Students open the app (the exam list) over this long before the start window. */
  openMs: number;
}

export interface Timings {
  list: number[];
  /** When each list was sent (ms after the opening began) and how long it took. */
  listsOverTime: Array<[number, number]>;
  start: number[];
  /** When each start was sent (ms after the start window opened) and how long it took. */
  startsOverTime: Array<[number, number]>;
  /** The same for autosaves and submits (ms after the start window opened, and how long). */
  savesOverTime: Array<[number, number]>;
  submitsOverTime: Array<[number, number]>;
  autosave: number[];
  submit: number[];
  errors: Record<string, number>;
  lost: number;
}

export function emptyTimings(): Timings {
  return { list: [], listsOverTime: [], start: [], startsOverTime: [], savesOverTime: [], submitsOverTime: [], autosave: [], submit: [], errors: {}, lost: 0 };
}

/** Adds one thread's timings to the run's. */
export function mergeTimings(into: Timings, from: Timings): void {
  for (const key of ['list', 'listsOverTime', 'start', 'startsOverTime', 'savesOverTime', 'submitsOverTime', 'autosave', 'submit'] as const) {
    for (const value of from[key] as unknown[]) (into[key] as unknown[]).push(value);
  }
  for (const [what, count] of Object.entries(from.errors)) into.errors[what] = (into.errors[what] ?? 0) + count;
  into.lost += from.lost;
}

export const sharedAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * One student's phone: its session and its own keep-alive connection, opened by its first request
 * and kept, as a phone's app keeps its connection. (One agent shared by all would close the sockets
 * it has no use for after each burst and open thousands of new ones at the next: a churn of
 * connections no real set of phones makes, which leaves new connections waiting in the kernel.)
 */
export interface Phone {
  cookie: string;
  connection: http.Agent;
}

/**
 * A request from a phone, on its own connection; a session the server renews (Set-Cookie) is kept
 * for the next request, as the app's cookie store does. (Sending the old cookie again would make the
 * server renew it on every request.)
 */
async function phoneCall(port: number, phone: Phone, method: string, url: string, body?: unknown, read?: (body: Buffer) => unknown) {
  const answer = await call(port, method, url, phone.cookie, body, phone.connection, read);
  if (answer.setCookie) phone.cookie = answer.setCookie;
  return answer;
}

export function call(
  port: number,
  method: string,
  url: string,
  cookie: string,
  body?: unknown,
  via: http.Agent = sharedAgent,
  read: (body: Buffer) => unknown = parseJson,
): Promise<{ status: number; json: unknown; ms: number; failure?: string; setCookie?: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: via,
        headers: {
          cookie,
          origin: `http://127.0.0.1:${port}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          // The answer's time ends when its last byte arrives; parsing it is the phone's own work.
          const ms = performance.now() - started;
          const json = read(Buffer.concat(chunks));
          // The cookie the server set (a renewed session), as `name=value`, for the phone to keep.
          const setCookie = response.headers['set-cookie']?.[0]?.split(';')[0];
          resolve({ status: response.statusCode ?? 0, json, ms, setCookie });
        });
      },
    );
    // No answer at all: status 0, and the socket's error (ECONNRESET, ...) says why.
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, json: null, ms: performance.now() - started, failure: error.code ?? error.message }),
    );
    request.end(payload);
  });
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * The attempt's id and its questions' ids, found in the start's answer without parsing the paper:
 * the paper is nearly all of it, and parsing ten thousand papers in the start window made the load
 * generator's own threads the slow part of the start (a phone parses it with its own CPU). The
 * attempt's `_id` is its first field; the bench's exam has one group, whose questions follow
 * `"questions":[` (a `"resId":"` inside a text would be escaped). Null when the answer is not that.
 */
export function startedIds(body: Buffer): { attemptId: string; questions: string[] } | null {
  const idAt = body.indexOf('{"_id":"');
  const questionsAt = body.indexOf('"questions":[');
  if (idAt !== 0 || questionsAt < 0) return null;
  const attemptId = body.toString('latin1', 8, body.indexOf('"', 8));
  const questions: string[] = [];
  for (let at = body.indexOf('"resId":"', questionsAt); at >= 0; at = body.indexOf('"resId":"', at)) {
    const end = body.indexOf('"', at + 9);
    questions.push(body.toString('latin1', at + 9, end));
    at = end;
  }
  return { attemptId, questions };
}

function countError(timings: Timings, what: string): void {
  timings.errors[what] = (timings.errors[what] ?? 0) + 1;
}

/** One student opening the app before the exam: the exam list, where the app finds the exam to start. */
export async function openApp(plan: StudentsPlan, phone: Phone, timings: Timings, openingBegan: number): Promise<void> {
  await sleep(Math.random() * plan.openMs);
  const sentAt = performance.now() - openingBegan;
  const listed = await phoneCall(plan.port, phone, 'GET', '/api/student/exams?pageSize=100');
  timings.list.push(listed.ms);
  timings.listsOverTime.push([sentAt, listed.ms]);
  const found = listed.status === 200 && (listed.json as { items: Array<{ _id: string }> }).items.some((exam) => exam._id === plan.examId);
  if (!found) countError(timings, `list ${listed.failure ?? listed.status}`);
}

/** The option the bench's exam marks correct for a question (bench-exam.ts: q1 is A, q2 is B, ...). */
const correctOptionOf = (resId: string) => (Number(resId.slice(1)) - 1) % 4;

/** One student: start within the first 10 s, answer, autosave, submit, and check the result. */
export async function takeExam(plan: StudentsPlan, phone: Phone, timings: Timings, windowOpened: number): Promise<void> {
  const { port } = plan;
  await sleep(Math.random() * 10_000);
  const sentAt = performance.now() - windowOpened;
  const started = await phoneCall(port, phone, 'POST', `/api/student/exams/${plan.examId}/attempts`, undefined, startedIds);
  timings.start.push(started.ms);
  timings.startsOverTime.push([sentAt, started.ms]);
  if (started.status !== 200) return void countError(timings, `start ${started.failure ?? started.status}`);
  const ids = started.json as ReturnType<typeof startedIds>;
  if (!ids || ids.questions.length !== plan.questions) return void countError(timings, 'start: not the paper asked for');
  const { attemptId, questions } = ids;
  const given = new Map<string, number>();
  let pending: Array<{ questionResId: string; providedAnswerIndex: number; timeElapsedInMs: number; revision: number }> = [];
  let revision = 0;
  let lastSave = performance.now();
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const savedAt = performance.now() - windowOpened;
    const saved = await phoneCall(port, phone, 'PUT', `/api/student/attempts/${attemptId}/answers`, { answers: batch });
    timings.autosave.push(saved.ms);
    timings.savesOverTime.push([savedAt, saved.ms]);
    if (saved.status !== 200) {
      countError(timings, `autosave ${saved.failure ?? saved.status}`);
      pending = [...batch, ...pending]; // keep them for the next save, as the app does
    }
    lastSave = performance.now();
  };
  // Students work at their own pace (0.6 to 1.4 times the average), so they finish at different times.
  const pace = 0.6 + Math.random() * 0.8;
  // The phone's clock: when each answer is given. Only a save reaches the server, so the thread
  // wakes for the saves (and the last answer), not for every answer: the answers in between are
  // given at their times all the same, and a million timers would cost the load generator more
  // CPU than the server's answers do.
  let answeredAt = performance.now();
  for (const [index, resId] of questions.entries()) {
    answeredAt += plan.answerMs * pace * (0.5 + Math.random());
    // One in ten questions is left unanswered.
    const choice = Math.random() < 0.1 ? -1 : Math.floor(Math.random() * 4);
    revision += 1;
    given.set(resId, choice);
    pending.push({ questionResId: resId, providedAnswerIndex: choice, timeElapsedInMs: 1000 + index, revision });
    if (answeredAt - lastSave >= plan.saveMs) {
      await sleep(answeredAt - performance.now());
      await flush();
      // The next answer comes its own time after the save (the save kept the phone busy).
      answeredAt = lastSave;
    }
  }
  await sleep(answeredAt - performance.now());
  await flush();
  if (pending.length > 0) await flush();
  const submittedAt = performance.now() - windowOpened;
  const submitted = await phoneCall(port, phone, 'POST', `/api/student/attempts/${attemptId}/submit`);
  timings.submit.push(submitted.ms);
  timings.submitsOverTime.push([submittedAt, submitted.ms]);
  if (submitted.status !== 200) return void countError(timings, `submit ${submitted.failure ?? submitted.status}`);
  const result = submitted.json as { correctAnswerCount: number; wrongAnswerCount: number; unAttemptedAnswerCount: number };
  let correct = 0;
  let wrong = 0;
  for (const [resId, choice] of given) {
    if (choice < 0) continue;
    if (choice === correctOptionOf(resId)) correct += 1;
    else wrong += 1;
  }
  if (result.correctAnswerCount !== correct || result.wrongAnswerCount !== wrong || result.unAttemptedAnswerCount !== plan.questions - correct - wrong)
    timings.lost += 1;
}
