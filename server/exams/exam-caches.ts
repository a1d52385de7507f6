import type { ExamPaper } from '../../shared/exams/attempts.schema.ts';
import type { ScoringKey } from '../../shared/exams/exam-scoring-key.rules.ts';
import type { ExamAttemptRow } from '../db/types.ts';
import { outsideRequestScope } from '../db/query-scope.ts';

/**
 * What each server process keeps in memory for the exams it serves, so that thousands of
 * students answering at once do not read the same rows again for every autosave.
 *
 * Only what never changes once written is kept:
 * - papers, by id, and the id of an exam's paper by the exam's content hash (a paper is written
 *   once and never updated; saving an exam writes a new paper with a new hash);
 * - an exam's answer key and marks, by a digest of them (a changed key has a new digest);
 * - each in-progress attempt's clock: its owner, paper, start, deadline and question layout (fixed
 *   when the attempt starts). Its status is not kept: the autosave's write checks it;
 * - where each question of an attempt is, and its options in the order shown (worked out from the
 *   two above).
 *
 * Nothing needs invalidating: a change makes new rows with new keys. Each map is bounded (the
 * oldest entry goes first), so a long-running process does not grow without end; losing an entry
 * only costs one read. Each process has its own copy, which is why only immutable data is here.
 */
const PAPER_LIMIT = 200;
const CLOCK_LIMIT = 50_000;

/** A value loaded once and shared: `settled` once its load has succeeded. */
interface Entry<T> {
  promise: Promise<T>;
  settled: boolean;
}

/** What a load read, and whether it may be kept for the next caller. */
interface Loaded<T> {
  value: T;
  keep: boolean;
}

const papers = new Map<string, Entry<ExamPaper>>();
const paperIdsByHash = new Map<string, Entry<string>>();
const scoringKeys = new Map<string, Entry<ScoringKey>>();

function bounded<K, V>(map: Map<K, V>, limit: number, key: K, value: V): void {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * The value cached under `key`, or `load()`'s, shared by every caller that asks while it loads
 * (the students who start an exam in the same second make one read, not one each). A failed load
 * is forgotten, so the next caller tries again.
 *
 * Inside a transaction (`inTransaction`: `load` reads on the transaction's own connection) only a
 * value already loaded is shared; otherwise the transaction reads it itself. It never waits for
 * another caller's read, which needs a connection of the pool: when every connection is held by a
 * transaction waiting so, none would ever come free.
 */
function sharedLoad<T>(map: Map<string, Entry<T>>, key: string, load: () => Promise<Loaded<T>>, inTransaction: boolean): Promise<T> {
  const known = map.get(key);
  if (known && (known.settled || !inTransaction)) return known.promise;
  if (inTransaction) {
    return load().then(({ value, keep }) => {
      if (keep && !map.get(key)?.settled) bounded(map, PAPER_LIMIT, key, { promise: Promise.resolve(value), settled: true });
      return value;
    });
  }
  // Outside the asking request's scope: its client leaving must not cancel the others' read.
  const loading = outsideRequestScope(load);
  const entry: Entry<T> = { promise: loading.then(({ value }) => value), settled: false };
  bounded(map, PAPER_LIMIT, key, entry);
  loading.then(
    ({ keep }) => {
      if (keep) entry.settled = true;
      else if (map.get(key) === entry) map.delete(key);
    },
    () => {
      if (map.get(key) === entry) map.delete(key);
    },
  );
  return entry.promise;
}

/** A paper by id (`inTransaction`: `load` reads on a transaction's connection). */
export function cachedPaper(paperId: string, load: () => Promise<ExamPaper>, inTransaction = false): Promise<ExamPaper> {
  return sharedLoad(papers, paperId, async () => ({ value: await load(), keep: true }), inTransaction);
}

export function cachedPaperId(examId: string, contentHash: string, load: () => Promise<string>, inTransaction = false): Promise<string> {
  return sharedLoad(paperIdsByHash, `${examId}:${contentHash}`, async () => ({ value: await load(), keep: true }), inTransaction);
}

/**
 * An exam's answer key and marks by the version that identifies them (a digest of both): a new key
 * is a new version. A load that finds the exam already changed again answers what it read, and is
 * not kept under the version asked for.
 */
export function cachedScoringKey(
  examId: string,
  version: string,
  load: () => Promise<{ key: ScoringKey; current: boolean }>,
  inTransaction = false,
): Promise<ScoringKey> {
  return sharedLoad(
    scoringKeys,
    `${examId}:${version}`,
    async () => {
      const { key, current } = await load();
      return { value: key, keep: current };
    },
    inTransaction,
  );
}

/** What autosave needs of an attempt, none of which changes once it starts. */
export type AttemptClock = Pick<ExamAttemptRow, 'id' | 'user_id' | 'paper_id' | 'started_at' | 'deadline_at' | 'layout'>;

const clocks = new Map<string, AttemptClock>();

export function knownClock(attemptId: string): AttemptClock | undefined {
  return clocks.get(attemptId);
}

export function rememberClock(attemptId: string, clock: AttemptClock): void {
  bounded(clocks, CLOCK_LIMIT, attemptId, clock);
}

export type QuestionIndex = Map<string, { groupIndex: number; optionOrder: number[]; optionCount: number }>;
// Kept with the clock object: it goes when the clock does.
const questionIndexes = new WeakMap<AttemptClock, QuestionIndex>();
// An attempt without a layout of its own (a mock test: every student sees the paper's order) shares
// its paper's index, kept with the paper object: ten thousand students then hold one index, not ten
// thousand copies of it.
const paperIndexes = new WeakMap<ExamPaper, QuestionIndex>();

/**
 * Where each question of an attempt is, and its options in the order shown: worked out once per
 * paper, or per attempt and process when the attempt has its own order. Read only by its callers.
 */
export function questionIndexOf(attempt: AttemptClock, paper: ExamPaper): QuestionIndex {
  const cache: WeakMap<object, QuestionIndex> = attempt.layout ? questionIndexes : paperIndexes;
  const owner: object = attempt.layout ? attempt : paper;
  let index = cache.get(owner);
  if (index) return index;
  index = new Map();
  for (const [groupIndex, group] of paper.questionGroups.entries()) {
    const order = attempt.layout?.groups[groupIndex];
    const optionOrders = new Map(order?.questions.map((entry) => [entry.resId, entry.options]));
    for (const question of group.questions) {
      index.set(question.resId, {
        groupIndex,
        optionOrder: optionOrders.get(question.resId) ?? question.options.map((_, i) => i),
        optionCount: question.options.length,
      });
    }
  }
  cache.set(owner, index);
  return index;
}
