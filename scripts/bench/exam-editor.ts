import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { buildConsole } from '../console-build.ts';
import { freePort } from './processes.ts';

/**
 * Exam-editor benchmark (part of `npm run bench`): a 2,000-question exam (BENCH_EXAM_QUESTIONS) in
 * the console's exam editor in Chromium; BENCH_KEYS (80) keys typed into one question's text.
 * Figure: each key's time in the page (Performance API), from its keydown to the end of its input
 * event, which holds React's re-render and its effects, and the style and layout the change causes
 * (done there by reading a layout value). Target: the median key and 95% of keys under 16 ms, one
 * frame at 60 Hz. Also printed: the slowest key; the same keys' main-thread thread time from
 * Chromium's trace (keydown, keypress, input and keyup, so a little more, and with the trace's own
 * instrumentation, but not counting time the machine gave to other work); how long the exam took
 * to open (target: under 3 s), and to save from the editor (from the click on Save until Save is
 * off again; target: under 3 s); then which targets were met.
 * Controls are found within a small part of the page (the editor's header, the jump form): a
 * role query over the whole page checks whether each of the 10,000 buttons of 2,000 rows is
 * hidden, and for a row skipped by content-visibility that costs Chromium a style update of the
 * row; finding Save that way took 20-50 s on a busy machine, which a person clicking it never waits.
 * It builds the console, and starts the server on its own embedded PostgreSQL, in a temporary
 * directory (CHROMIUM_PATH names the browser; /usr/bin/chromium by default).
 */
const QUESTIONS = Number(process.env.BENCH_EXAM_QUESTIONS ?? 2000);
const KEYS = Number(process.env.BENCH_KEYS ?? 80);
const TARGET_MS = 16;
const OPEN_TARGET_S = 3;
const SAVE_TARGET_S = 3;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

function questionGroups(count: number) {
  return [
    {
      title: 'General knowledge',
      durationInMins: 120,
      hasTimeRestriction: false,
      questions: Array.from({ length: count }, (_, i) => ({
        resId: `bench-q${i + 1}`,
        question: `കേരളത്തിന്റെ തലസ്ഥാനം ഏത്? Question ${i + 1}`,
        options: ['തിരുവനന്തപുരം', 'കൊച്ചി', 'കോഴിക്കോട്', 'തൃശ്ശൂർ'],
        correctAnswerIndex: i % 4,
        tag1: i % 2 ? 'History' : 'Geography',
        solution: 'Thiruvananthapuram has been the capital since 1949.',
      })),
    },
  ];
}

async function waitUntilReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server was not ready after 120 s');
}

async function createExam(page: Page): Promise<string> {
  const login = await page.request.post('/api/auth/login', { data: { emailAddress: ADMIN.email, password: ADMIN.password } });
  if (!login.ok()) throw new Error(`sign-in failed: ${await login.text()}`);
  const created = await page.request.post('/api/admin/exams', { data: { title: `Bench mock ${QUESTIONS}`, templateId: 'regular' } });
  const { _id: id } = (await created.json()) as { _id: string };
  const value = {
    title: `Bench mock ${QUESTIONS}`,
    examDurationInMinutes: 120,
    totalQuestions: QUESTIONS,
    totalMarks: QUESTIONS,
    questionGroups: questionGroups(QUESTIONS),
  };
  const saved = await page.request.put(`/api/admin/exams/${id}`, { data: { value }, timeout: 120_000 });
  if (!saved.ok()) throw new Error(`save failed: ${await saved.text()}`);
  return id;
}

/** In the page: each key's wall time, keydown → re-render → style and layout. */
function recordKeys(): void {
  const keys: number[] = [];
  let start: number | null = null;
  (window as unknown as { __benchKeys: number[] }).__benchKeys = keys;
  window.addEventListener('keydown', () => (start = performance.now()), true);
  // On the document, after React's listener on its root (and the render it flushes); reading a
  // layout value makes the browser do now the style and layout it would do before the next frame.
  document.addEventListener('input', () => {
    if (start === null) return;
    void document.body.offsetHeight;
    keys.push(performance.now() - start);
    start = null;
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  tdur?: number;
  args?: { data?: { type?: string } };
}

/** Thread time (ms) of each key: the key events' dispatch, from a keydown to the next. */
function keyThreadTimes(events: TraceEvent[]): number[] {
  const dispatches = events
    .filter((event) => event.name === 'EventDispatch' && event.ph === 'X' && ['keydown', 'keypress', 'input', 'keyup'].includes(event.args?.data?.type ?? ''))
    .sort((a, b) => a.ts - b.ts);
  const keys: number[] = [];
  for (const event of dispatches) {
    if (event.args!.data!.type === 'keydown') keys.push(0);
    if (keys.length > 0) keys[keys.length - 1]! += (event.tdur ?? 0) / 1000;
  }
  return keys;
}

/** Types `text` while Chromium traces the page; answers the trace's events. */
async function typeTraced(page: Page, text: string): Promise<TraceEvent[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  await page.keyboard.type(text);
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events;
}

function summary(values: number[]): { median: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

export async function runExamEditorBenchmark(): Promise<void> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'psc-bench-editor-'));
  chmodSync(workDir, 0o755);
  const consoleDir = path.join(workDir, 'console');
  const dataDir = path.join(workDir, 'data');
  mkdirSync(dataDir);
  let server: ChildProcess | undefined;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    console.log('building the console...');
    await buildConsole(consoleDir);
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CONSOLE_DIST_DIR: consoleDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SUPPORT_PHONE: '+91 471 255 0000',
      SUPPORT_EMAIL: 'help@example.in',
      RUN_WORKER: 'false',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ['server/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitUntilReady(`${baseURL}/readyz`, server);

    const page = await browser.newPage({ baseURL, viewport: { width: 1440, height: 900 } });
    const id = await createExam(page);
    const opened = performance.now();
    await page.goto(`/admin/exams/editor/${id}/questions`);
    const middle = Math.ceil(QUESTIONS / 2);
    const jump = page.getByRole('form', { name: 'Jump to a question' });
    await jump.getByLabel('Jump to question').fill(String(middle));
    await jump.getByRole('button', { name: 'Go' }).click();
    const text = page.getByRole('listitem', { name: `Question ${middle} of General knowledge` }).getByLabel('Question', { exact: true });
    await text.waitFor({ timeout: 120_000 });
    const openMs = performance.now() - opened;
    await text.click();
    await page.keyboard.press('End');
    await page.evaluate(recordKeys);
    const typed = ' Thiruvananthapuram, Kochi, Kozhikode and Thrissur are all on the list of answers.'.repeat(2).slice(0, KEYS);
    const events = await typeTraced(page, typed);
    const wall = await page.evaluate(() => (window as unknown as { __benchKeys: number[] }).__benchKeys);
    const value = await text.inputValue();
    if (!value.endsWith(typed)) throw new Error('the typed text did not reach the question');
    const thread = keyThreadTimes(events);
    if (thread.length < KEYS * 0.9 || wall.length < KEYS * 0.9)
      throw new Error(`only ${thread.length} (trace) and ${wall.length} (page) of ${KEYS} keys were measured`);

    const cpu = summary(thread);
    const clock = summary(wall);
    const met = clock.median < TARGET_MS && clock.p95 < TARGET_MS;
    console.log(
      `exam of ${QUESTIONS} questions opened at question ${middle} in ${(openMs / 1000).toFixed(1)} s (target: under ${OPEN_TARGET_S} s) ${openMs / 1000 < OPEN_TARGET_S ? 'MET' : 'MISSED'}`,
    );
    console.log(
      `typing ${wall.length} keys into a question: median ${clock.median.toFixed(1)} ms, 95th percentile ${clock.p95.toFixed(1)} ms, slowest ${clock.max.toFixed(1)} ms a key (target: median and 95th percentile under ${TARGET_MS} ms) ${met ? 'MET' : 'MISSED'}`,
    );
    console.log(
      `  main-thread thread time of the same keys (trace): median ${cpu.median.toFixed(1)} ms, 95th percentile ${cpu.p95.toFixed(1)} ms, slowest ${cpu.max.toFixed(1)} ms`,
    );

    const save = page.locator('header').getByRole('button', { name: 'Save' });
    await save.waitFor({ timeout: 120_000 });
    const saving = performance.now();
    await save.click({ timeout: 120_000 });
    // Save is off again once the server has the exam and nothing is left unsaved.
    await page.waitForFunction(
      () => [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Save' && button.disabled),
      undefined,
      {
        timeout: 180_000,
      },
    );
    const saveS = (performance.now() - saving) / 1000;
    const openS = openMs / 1000;
    console.log(
      `saved the ${QUESTIONS} questions from the editor in ${saveS.toFixed(1)} s (target: under ${SAVE_TARGET_S} s) ${saveS < SAVE_TARGET_S ? 'MET' : 'MISSED'}`,
    );
    const targets = [
      { name: 'typing', met },
      { name: 'opening', met: openS < OPEN_TARGET_S },
      { name: 'saving', met: saveS < SAVE_TARGET_S },
    ];
    const missed = targets.filter((target) => !target.met).map((target) => target.name);
    console.log(`exam editor targets: ${targets.length - missed.length} of ${targets.length} met${missed.length > 0 ? ` (missed: ${missed.join(', ')})` : ''}`);
  } finally {
    await browser.close();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    rmSync(workDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
