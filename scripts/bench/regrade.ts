import { sql } from 'kysely';
import type { Actor } from '../../server/access/actor.ts';
import type { RequestContext } from '../../server/context.ts';
import type { Db } from '../../server/db/database.ts';
import { toExam } from '../../server/exams/exam-mapping.ts';
import { paperHash, paperOf } from '../../server/exams/papers.ts';
import { syncRanks } from '../../server/exams/ranks.service.ts';
import { applyRegrade, regradeDryRun } from '../../server/exams/regrade.service.ts';
import { examValueSchema, type ExamValue } from '../../shared/exams/exams.schema.ts';
import { openBenchDatabase, percentile } from './bench-database.ts';
import { benchQuestionGroups, insertBenchExam } from './bench-exam.ts';

/**
 * Regrade benchmark (`npm run bench -- regrade`): an exam of 100 questions with BENCH_REGRADE_ATTEMPTS
 * (1,000,000) submitted and ranked attempts, each with its own answers. Times the dry run and Apply
 * of a changed answer key (one question), then of a changed penalty (every attempt's score changes).
 * Targets: a dry run under 10 s, Apply under 30 s.
 */
const attempts = Number(process.env.BENCH_REGRADE_ATTEMPTS ?? 1_000_000);
const QUESTIONS = 100;
const DRY_RUN_TARGET_S = 10;
const APPLY_TARGET_S = 30;

const questionGroups = () => benchQuestionGroups(QUESTIONS, { durationInMins: 75, question: (i) => `ചോദ്യം ${i + 1}` });

/** The exam, its paper, its students and their submitted attempts (answers in paper order), ranked. */
export async function seed(db: Db): Promise<string> {
  const exam = await insertBenchExam(db, 'Regrade bench', questionGroups());
  const paper = paperOf(exam);
  const paperRow = await db
    .insertInto('exam_papers')
    .values({ exam_id: exam.id, content_hash: paperHash(paper), paper: JSON.stringify(paper) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into users (name, roles) select 'Regrade student ' || g, '{}' from generate_series(1, ${attempts}::int) g`.execute(db);
  // Each student's answers: -1 (none) or options 0..3, spread by a hash; counts and score from them.
  await sql`
    with given as materialized (
      select u.id as user_id, s.*
      from (select id, row_number() over (order by id) as g from users where name like 'Regrade student %') as u
      cross join lateral (
        select array_agg(q.a order by q.i)::smallint[] as answers, array_agg(q.t order by q.i) as times,
          count(*) filter (where q.a = q.i % 4)::int as c, count(*) filter (where q.a >= 0 and q.a <> q.i % 4)::int as w, count(*) filter (where q.a < 0)::int as u
        from (
          select i, case when abs(hashint8(u.g * 131 + i)) % 10 < 7 and i % 9 <> 0 then i % 4 else (abs(hashint8(u.g * 7 + i)) % 5)::int - 1 end as a,
                 (1000 + abs(hashint8(u.g + i * 7)) % 60000)::int as t
          from generate_series(0, ${QUESTIONS - 1}) as i
        ) as q
      ) as s
    ),
    attempts as (
      insert into exam_attempts (exam_id, user_id, paper_id, attempt_number, status, started_at, deadline_at, submitted_at, submitted_by,
        score, performance, correct_count, wrong_count, unattempted_count, unseen_count, is_first, submitted_seq)
      select ${exam.id}, g.user_id, ${paperRow.id}, 1, 'submitted', now() - interval '2 hours', now() - interval '45 minutes', now() - interval '1 hour', 'student',
        round(g.c - g.w * 0.33, 2), round(g.c - g.w * 0.33, 2), g.c, g.w, g.u, 0, true, nextval('exam_attempt_submit_seq')
      from given g
      returning id, user_id
    )
    insert into attempt_sheets (attempt_id, answers, answer_times)
    select a.id, g.answers, g.times from attempts a join given g on g.user_id = a.user_id`.execute(db);
  await sql`vacuum analyze attempt_sheets`.execute(db);
  await sql`vacuum analyze exam_attempts`.execute(db);
  await syncRanks(db, exam.id);
  return exam.id;
}

function staffContext(db: Db, actor: Actor): RequestContext {
  return {
    db,
    ip: '127.0.0.1',
    userAgent: null,
    actor: async () => actor,
  } as unknown as RequestContext;
}

async function valueOf(db: Db, examId: string): Promise<{ value: ExamValue; version: number }> {
  const exam = toExam(await db.selectFrom('exams').selectAll().where('id', '=', examId).executeTakeFirstOrThrow());
  return { value: examValueSchema.parse(exam), version: exam.version };
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const verdict = (ms: number, targetS: number) => (ms / 1000 < targetS ? 'met' : 'missed');

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

export async function runRegradeBenchmark(): Promise<void> {
  const { handle, close } = await openBenchDatabase(4);
  try {
    const db = handle.db;
    const seeding = performance.now();
    const examId = await seed(db);
    console.log(`${attempts.toLocaleString('en')} submitted attempts of ${QUESTIONS} questions, ranked (${seconds(performance.now() - seeding)} s to seed)`);
    const admin = await db
      .insertInto('users')
      .values({ name: 'Bench admin', roles: ['admin'] })
      .returning(['id', 'name', 'roles'])
      .executeTakeFirstOrThrow();
    const ctx = staffContext(db, admin as unknown as Actor);

    const cases: Array<{ name: string; change: (value: ExamValue) => ExamValue }> = [
      {
        name: 'the answer key of question 10 (C → A)',
        change: (value) => ({
          ...value,
          questionGroups: value.questionGroups.map((group) => ({
            ...group,
            questions: group.questions.map((q, i) => (i === 9 ? { ...q, correctAnswerIndex: 0 } : q)),
          })),
        }),
      },
      { name: 'the penalty (0.33 → 0.25: every score changes)', change: (value) => ({ ...value, wrongAnswerScore: 0.25 }) },
    ];
    for (const item of cases) {
      console.log(`\nRegrade of ${item.name}`);
      const { value, version } = await valueOf(db, examId);
      const changed = item.change(value);
      const runs: number[] = [];
      let changedAttempts = 0;
      for (let round = 0; round < 3; round += 1) {
        const dry = await timed(() => regradeDryRun(ctx, { id: examId, value: changed, version }));
        runs.push(dry.ms);
        changedAttempts = dry.result.summary.changedAttempts;
      }
      const dryP50 = percentile(
        [...runs].sort((a, b) => a - b),
        50,
      );
      const dryMax = Math.max(...runs);
      console.log(
        `  dry run: p50 ${seconds(dryP50)} s, max ${seconds(dryMax)} s over 3 runs (${changedAttempts.toLocaleString('en')} scores change) — target under ${DRY_RUN_TARGET_S} s: ${verdict(dryMax, DRY_RUN_TARGET_S)}`,
      );
      const apply = await timed(() => applyRegrade(ctx, { id: examId, value: changed, version, reason: `Bench: ${item.name}` }));
      console.log(
        `  apply: ${seconds(apply.ms)} s (${apply.result.regrade.summary.changedAttempts.toLocaleString('en')} results changed, re-ranked) — target under ${APPLY_TARGET_S} s: ${verdict(apply.ms, APPLY_TARGET_S)}`,
      );
      await sql`vacuum analyze exam_attempts`.execute(db);
    }
  } finally {
    await close();
  }
}
