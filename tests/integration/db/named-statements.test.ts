import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database.ts';
import { MAX_NAMED_STATEMENTS, nameStatement, runNamed, statementName } from '../../../server/db/named-statements.ts';
import { findLiveSessions } from '../../../server/access/sessions.repository.ts';
import { ATTEMPT_COLUMNS, insertAttempts, startFactsOf, upsertAnswersOf } from '../../../server/exams/attempts.repository.ts';
import { currentPaperId } from '../../../server/exams/papers.ts';
import { createFreeRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';

// One connection: every statement below runs on it, so its prepared statements are the ones listed.
const harness = useApp({ roles: ['admin', 'student'], poolSize: 1 });
const asStudent = harness.injectAs('student');
let examId: string;

beforeAll(async () => {
  const freeCard = await createFreeRateCard(harness.db);
  examId = (
    await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Named statements',
      questionGroups: [questionGroup(3, { correct: () => 0 })],
      masterSubscription: freeCard,
    })
  ).id;
});

/** The names of the statements prepared on the pool's one connection. */
async function preparedNames(): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(harness.db);
  return rows.rows.map((row) => row.name);
}

/** A student's start, autosave and submit of the exam; answers the submit's figures. */
async function takeExam() {
  const started = await asStudent('POST', `/api/student/exams/${examId}/attempts`);
  expect(started.statusCode, started.body).toBe(200);
  const attempt = started.json() as { _id: string; questionGroups: Array<{ questions: Array<{ resId: string }> }> };
  const answers = attempt.questionGroups[0]!.questions.map((question) => ({
    questionResId: question.resId,
    providedAnswerIndex: 0,
    timeElapsedInMs: 900,
    revision: 1,
  }));
  const saved = await asStudent('PUT', `/api/student/attempts/${attempt._id}/answers`, { answers });
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await asStudent('POST', `/api/student/attempts/${attempt._id}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json() as { correctAnswerCount: number };
}

describe('named statements', () => {
  it('are what a start, an autosave and a submit run: prepared once on the connection', async () => {
    expect((await takeExam()).correctAnswerCount).toBe(3);
    const names = await preparedNames();
    for (const label of ['exam-start-facts', 'attempt-insert', 'attempt-save-answers', 'attempt-submit-facts', 'attempt-submit'])
      expect(
        names.some((name) => name.startsWith(`${label}:`)),
        label,
      ).toBe(true);
    // Run again, each is still prepared once (not once per call).
    await takeExam();
    expect((await preparedNames()).length).toBe(names.length);
  });

  it('keep working when a migration adds a column to the table while the server runs', async () => {
    await takeExam();
    await sql`alter table exam_attempts add column added_while_running text`.execute(harness.db);
    try {
      expect((await takeExam()).correctAnswerCount).toBe(3);
    } finally {
      await sql`alter table exam_attempts drop column added_while_running`.execute(harness.db);
    }
  });

  it('name every column of an attempt (the list the attempt statements return)', async () => {
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'exam_attempts'`.execute(harness.db);
    expect([...ATTEMPT_COLUMNS].sort()).toEqual(columns.rows.map((row) => row.column_name).sort());
  });

  it('leave a whole-row result unnamed, and give two texts under one label two names', () => {
    expect(nameStatement('whole-row', 'select * from exam_attempts where id = $1')).toBeUndefined();
    expect(nameStatement('whole-row', 'insert into exams (title) values ($1) returning *')).toBeUndefined();
    expect(nameStatement('whole-row', 'select "a".* from exam_attempts as a')).toBeUndefined();
    const first = nameStatement('two-texts', 'select count(*) from exams where id = $1');
    const second = nameStatement('two-texts', 'select count(*) from exams where title = $1');
    expect(first).toMatch(/^two-texts:/);
    expect(second).toMatch(/^two-texts:/);
    expect(first).not.toBe(second);
    expect(statementName('select count(*) from exams where id = $1')).toBe(first);
  });

  it('run in a transaction on its connection, and stop being named past the cap', async () => {
    const label = 'in-transaction';
    const text = await harness.db.transaction().execute(async (trx) => {
      const query = sql<{ one: number }>`select ${1}::int as one`.compile(trx);
      expect((await runNamed(trx, label, query)).rows).toEqual([{ one: 1 }]);
      const names = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx);
      expect(names.rows.map((row) => row.name)).toContain(statementName(query.sql));
      return query.sql;
    });
    expect(statementName(text)).toMatch(/^in-transaction:/);
    for (let i = 0; i < MAX_NAMED_STATEMENTS; i += 1) nameStatement('filler', `select ${i} as filler`);
    expect(nameStatement('past-the-cap', 'select 1 as past_the_cap')).toBeUndefined();
    // Unnamed, it still runs.
    expect((await sql<{ past_the_cap: number }>`select 1 as past_the_cap`.execute(harness.db)).rows).toEqual([{ past_the_cap: 1 }]);
  });

  it('of a batch are planned once per connection (a generic plan), not on every call, even for a batch of one', async () => {
    const exam = await harness.db.selectFrom('exams').select('paper_hash').where('id', '=', examId).executeTakeFirstOrThrow();
    const paperId = await currentPaperId(harness.db, examId, exam.paper_hash!);
    // Tables of a real size: on a few rows every plan costs about the same, and the planner's choice shows only with more.
    await sql`
      with made as (
        insert into users (name, email_address, roles) select 'Many ' || g, 'many-' || g || '@example.com', '{}' from generate_series(1, 20000) g returning id
      ), sessions as (
        insert into user_sessions (user_id, expires_at) select id, now() + interval '1 day' from made
      )
      insert into exam_attempts (exam_id, user_id, paper_id, attempt_number, started_at, deadline_at, status)
      select ${examId}, id, ${paperId}, 1, now(), now(), 'submitted' from made`.execute(harness.db);
    await sql`analyze users, user_sessions, exam_attempts`.execute(harness.db);
    const users = await sql<{ id: string }>`
      insert into users (name, email_address, roles) select 'Plan ' || g, 'plan-' || g || '@example.com', '{}' from generate_series(1, 10) g returning id`.execute(
      harness.db,
    );
    // A connection of its own, so that the plans counted are only these calls' (the pool's has run the others).
    const fresh = openDatabase(harness.database.url, 1);
    try {
      await checkPlans(fresh, users.rows, paperId);
    } finally {
      await fresh.close();
    }
  });
});

/** Runs each batched statement with a batch of one, once per user, and checks how each was planned. */
async function checkPlans({ db, pool }: DatabaseHandle, users: Array<{ id: string }>, paperId: string) {
  for (const { id: userId } of users) {
    await findLiveSessions(pool, [{ sessionId: userId, userId }]);
    await startFactsOf(db, [{ examId, userId }]);
    const [attempt] = await insertAttempts(db, [
      {
        exam_id: examId,
        user_id: userId,
        paper_id: paperId,
        attempt_number: 1,
        layout: null,
        started_at: new Date(),
        deadline_at: new Date(Date.now() + 60_000),
      },
    ]);
    await upsertAnswersOf(db, [{ attemptId: attempt!.id, answers: [{ questionResId: 'q', providedAnswerIndex: 0, timeElapsedInMs: 1, revision: 1 }] }]);
  }
  const plans = await sql<{ name: string; generic_plans: number; custom_plans: number }>`
      select name, generic_plans::int, custom_plans::int from pg_prepared_statements`.execute(db);
  for (const label of ['auth-live-sessions', 'exam-start-facts', 'attempt-insert', 'attempt-save-answers']) {
    const plan = plans.rows.find((row) => row.name.startsWith(label));
    expect(plan, label).toBeDefined();
    // PostgreSQL tries five plans for the values, then keeps the generic one when it costs no more.
    expect(plan!.custom_plans, label).toBeLessThanOrEqual(5);
    expect(plan!.generic_plans, label).toBeGreaterThanOrEqual(5);
  }
}
