import { sql, type Kysely } from 'kysely';

/**
 * exam_score_counts(exam, cutoff): how many students have each score among the exam's ranked attempts
 * (each student's first, submitted at or before the cut-off): what a rank sync writes its ranking from.
 *
 * It reads the ranking index (exam_attempts_ranking_idx: the exam's first attempts by score) in
 * order and counts each score as it passes, in one process. Left to itself the planner reads the
 * whole table with parallel workers and hashes every row: on 2 cores, for 2,000,000 attempts, about
 * 0.9 s against 0.3 s this way (the workers cost more than they share, and the index is narrower than
 * the table). The settings hold only while the function runs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function exam_score_counts(exam uuid, cutoff_seq bigint)
      returns table (score numeric, students integer)
      language sql stable
      set max_parallel_workers_per_gather = 0
      set enable_seqscan = off
      set enable_bitmapscan = off
    as $$
      select a.score, count(*)::integer
      from exam_attempts a
      where a.exam_id = exam and a.is_first and a.submitted_seq <= cutoff_seq
      group by a.score
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function exam_score_counts(uuid, bigint)`.execute(db);
}
