import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import { itemAnalysis } from '../../server/exams/item-analysis.service.ts';
import { syncRanks } from '../../server/exams/ranks.service.ts';
import { openBenchDatabase, percentile } from './bench-database.ts';
import { benchQuestionGroups, insertBenchExam } from './bench-exam.ts';
import { paperOf } from '../../server/exams/papers.ts';

/**
 * Item analysis at scale (`npm run bench -- item-analysis`): 100,000 ranked first attempts
 * (`BENCH_ITEM_ATTEMPTS`) of a 100-question exam inserted by SQL, each student with an ability and
 * each question a difficulty, 8 % left blank and 3 % never seen; two questions are keyed wrongly (the
 * strong students choose another option). Then the analysis, as the console asks for it, timed over
 * several runs: p50 and max next to the target (under 5 s), and the wrongly keyed questions checked
 * to be flagged.
 * Options (environment): DATABASE_URL, BENCH_ITEM_ATTEMPTS, BENCH_ITEM_RUNS.
 */
const ATTEMPTS = Number(process.env.BENCH_ITEM_ATTEMPTS ?? 100_000);
const RUNS = Number(process.env.BENCH_ITEM_RUNS ?? 5);
const QUESTIONS = 100;
const TARGET_MS = 5_000;
/** Questions whose key is not the answer the strong students know (0-based places). */
const WRONG_KEYS = [7, 42];

const questionGroups = () => benchQuestionGroups(QUESTIONS, { durationInMins: 60, question: (q) => `Question ${q + 1}` });

async function seed(db: Db): Promise<string> {
  const exam = await insertBenchExam(db, 'Item analysis bench', questionGroups());
  const paper = await db
    .insertInto('exam_papers')
    .values({ exam_id: exam.id, content_hash: exam.paper_hash, paper: JSON.stringify(paperOf(exam)) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into users (name, email_address, roles)
    select 'Item student ' || n, 'item-student-' || n || '@example.com', '{}' from generate_series(1, ${ATTEMPTS}::int) as n`.execute(db);
  // Per question: its key (q % 4), the answer the strong students know (another for the wrong keys),
  // a difficulty; per student an ability. The score counts the answers that match the key.
  await sql`
    with given as materialized (
      select u.id as user_id, given.*
      from (select id, random() as ability from users where name like 'Item student %') as u
      cross join lateral (
        select array_agg(choice.answer order by q)::smallint[] as answers,
               array_agg(choice.time_ms order by q)::int[] as times,
               count(*) filter (where choice.answer = q % 4) as score
        from generate_series(0, ${QUESTIONS - 1}::int) as q
        cross join lateral (
          select case when q = any(${WRONG_KEYS}::int[]) then (q + 1) % 4 else q % 4 end as known,
                 least(0.97, greatest(0.03, 0.25 + u.ability * 0.9 - (q % 10) * 0.06)) as chance,
                 random() as roll, random() as other
        ) as item
        cross join lateral (
          select case when item.roll < 0.03 then -1 when item.roll < 0.11 then -1
                      when item.roll < 0.11 + item.chance * 0.89 then item.known
                      else (item.known + 1 + floor(item.other * 3)::int) % 4 end as answer,
                 case when item.roll < 0.03 then 0 else 5000 + floor(item.other * 60000)::int end as time_ms
        ) as choice
      ) as given
    ),
    attempts as (
      insert into exam_attempts (exam_id, user_id, paper_id, attempt_number, status, started_at, deadline_at, submitted_at, submitted_by,
                                 score, is_first, submitted_seq)
      select ${exam.id}, g.user_id, ${paper.id}, 1, 'submitted', now() - interval '2 hours', now() - interval '45 minutes', now() - interval '1 hour', 'student',
             g.score, true, nextval('exam_attempt_submit_seq')
      from given g
      returning id, user_id
    )
    insert into attempt_sheets (attempt_id, answers, answer_times)
    select a.id, g.answers, g.times from attempts a join given g on g.user_id = a.user_id`.execute(db);
  await sql`vacuum analyze attempt_sheets`.execute(db);
  await sql`vacuum analyze exam_attempts`.execute(db);
  return exam.id;
}

/**
 * The CPU seconds a PostgreSQL backend has used so far (its /proc entry's user and system time): what
 * the analysis costs the database whatever else the machine runs. Null when the server is elsewhere.
 */
function backendCpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

export async function runItemAnalysisBenchmark(): Promise<void> {
  // One connection: every run's statements go to the one backend whose CPU time is read.
  const { handle, close } = await openBenchDatabase(1);
  try {
    const seeding = performance.now();
    const examId = await seed(handle.db);
    const synced = await syncRanks(handle.db, examId);
    console.log(
      `Seeded and ranked ${synced.totalParticipants.toLocaleString('en-IN')} attempts of ${QUESTIONS} questions in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const backend = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]!.pid;
    const times: number[] = [];
    const cpu: number[] = [];
    let flagged: string[] = [];
    for (let run = 0; run <= RUNS; run += 1) {
      const started = performance.now();
      const cpuBefore = backendCpuSeconds(backend);
      const analysis = await itemAnalysis({ db: handle.db }, { examId });
      const cpuAfter = backendCpuSeconds(backend);
      // The first run warms the caches (the paper, the key, PostgreSQL's buffers): not counted.
      if (run > 0) times.push(performance.now() - started);
      if (run > 0 && cpuBefore !== null && cpuAfter !== null) cpu.push(cpuAfter - cpuBefore);
      flagged = analysis.questions.filter((q) => q.flags.includes('negative-discrimination')).map((q) => q.resId);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const max = times.at(-1)!;
    const met = max < TARGET_MS;
    console.log(
      `Item analysis (${RUNS} runs): p50 ${(p50 / 1000).toFixed(2)} s, max ${(max / 1000).toFixed(2)} s (target under ${TARGET_MS / 1000} s: ${met ? 'met' : 'MISSED'})`,
    );
    cpu.sort((a, b) => a - b);
    console.log(
      `  PostgreSQL CPU per analysis: ${cpu.length > 0 ? `p50 ${percentile(cpu, 50).toFixed(2)} s, max ${cpu.at(-1)!.toFixed(2)} s` : 'not measured (the server is not on this machine)'}; machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    );
    const expected = WRONG_KEYS.map((q) => `q${q + 1}`);
    const found = expected.every((resId) => flagged.includes(resId));
    console.log(
      `Negative discrimination flagged on ${flagged.join(', ') || 'none'} (the wrongly keyed ${expected.join(', ')}: ${found ? 'found' : 'NOT FOUND'})`,
    );
    if (!met || !found) process.exitCode = 1;
  } finally {
    await close();
  }
}
