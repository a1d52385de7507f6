import { batcherPerDatabase, createBatcher } from '../db/batcher.ts';
import type { Db } from '../db/database.ts';
import type { ExamAttemptRow } from '../db/types.ts';
import { insertAttempts, startFactsOf, upsertAnswersOf, type AnswersToSave, type NewAttempt, type StartAsked, type StartFacts } from './attempts.repository.ts';

/**
 * The statements of a start and of an autosave, batched across the students doing the same at the
 * same moment: when an exam opens, thousands start within seconds and then save every few seconds,
 * and one statement reading or writing fifty of them costs PostgreSQL a fraction of fifty statements
 * (see batcher.ts). Alone, a call runs its statement at once, as it would unbatched. In a
 * transaction they run on it, unbatched.
 */
const BATCH = { maxBatch: 100, concurrency: 4 };

const factsBatcher = batcherPerDatabase((db: Db) => createBatcher({ ...BATCH, runMany: (asked: StartAsked[]) => startFactsOf(db, asked) }));
const insertBatcher = batcherPerDatabase((db: Db) => createBatcher({ ...BATCH, runMany: (attempts: NewAttempt[]) => insertAttempts(db, attempts) }));
const answersBatcher = batcherPerDatabase((db: Db) => createBatcher({ ...BATCH, runMany: (saves: AnswersToSave[]) => saveInRounds(db, saves) }));

/** The exam, whether the student may take it, and their attempts so far (undefined: no such exam). */
export async function startFacts(db: Db, asked: StartAsked): Promise<StartFacts | undefined> {
  if (db.isTransaction) return (await startFactsOf(db, [asked]))[0];
  return factsBatcher(db)(asked);
}

/** Inserts the attempt; undefined when another start of the student's got in first (resume that one). */
export async function insertAttempt(db: Db, attempt: NewAttempt): Promise<ExamAttemptRow | undefined> {
  if (db.isTransaction) return (await insertAttempts(db, [attempt]))[0];
  return insertBatcher(db)(attempt);
}

/** Writes an autosave's answers (see upsertAnswersOf); answers the question ids written. */
export async function saveAnswersOf(db: Db, save: AnswersToSave): Promise<string[]> {
  if (db.isTransaction) return (await upsertAnswersOf(db, [save]))[0]!;
  return answersBatcher(db)(save);
}

/**
 * Saves of one attempt in one batch (two tabs, a retry) are written one after the other, in the
 * order they came: one statement writes each answer row at most once.
 */
async function saveInRounds(db: Db, saves: AnswersToSave[]): Promise<string[][]> {
  const written: string[][] = new Array<string[]>(saves.length);
  let left = saves.map((save, index) => ({ save, index }));
  while (left.length > 0) {
    const inRound = new Set<string>();
    const round: typeof left = [];
    const later: typeof left = [];
    for (const entry of left) {
      if (inRound.has(entry.save.attemptId)) later.push(entry);
      else {
        inRound.add(entry.save.attemptId);
        round.push(entry);
      }
    }
    const results = await upsertAnswersOf(
      db,
      round.map((entry) => entry.save),
    );
    round.forEach((entry, i) => (written[entry.index] = results[i]!));
    left = later;
  }
  return written;
}
