import { promises as fs } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.ts';
import { MIGRATIONS_DIR, migrateToLatest } from '../../../server/db/migrate.ts';
import { emptyDatabase } from '../../support/empty-database.ts';

describe('the regrade migration (202612040100)', () => {
  it("keeps every submitted attempt's answers, in its paper's order, and the exam's key", async () => {
    const database = await emptyDatabase('regrade_migration');
    const handle = openDatabase(database.url, 2);
    try {
      const migrator = new Migrator({ db: handle.db, provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }) });
      const before = await migrator.migrateTo('202612030100_more_list_sort_indexes');
      expect(before.error).toBeUndefined();

      const questions = (ids: string[], correct: number[]) =>
        ids.map((resId, i) => ({ resId, question: resId, options: ['A', 'B', 'C', 'D'], correctAnswerIndex: correct[i] }));
      const groups = [
        { resId: 'g1', title: 'One', questions: questions(['q1', 'q2'], [0, 1]) },
        { resId: 'g2', title: 'Two', questions: questions(['q3'], [2]) },
      ];
      const [user] = (await sql<{ id: string }>`insert into users (name, roles) values ('Old Student', '{}') returning id`.execute(handle.db)).rows;
      const [exam] = (
        await sql<{ id: string }>`insert into exams (title, template_id, question_groups, instructions, publish_warnings)
          values ('Old exam', 'regular', ${JSON.stringify(groups)}, '[]', '{}') returning id`.execute(handle.db)
      ).rows;
      const [paper] = (
        await sql<{ id: string }>`insert into exam_papers (exam_id, content_hash, paper)
          values (${exam!.id}, 'old', ${JSON.stringify({ questionGroups: groups })}) returning id`.execute(handle.db)
      ).rows;
      const attempt = async (status: string, answers: Array<[string, number, number]>) => {
        const [row] = (
          await sql<{ id: string }>`insert into exam_attempts (exam_id, user_id, paper_id, attempt_number, status, deadline_at, result)
            values (${exam!.id}, ${user!.id}, ${paper!.id}, (select coalesce(max(attempt_number), 0) + 1 from exam_attempts), ${status}, now(), '{}') returning id`.execute(
            handle.db,
          )
        ).rows;
        for (const [resId, index, time] of answers) {
          await sql`insert into attempt_answers (attempt_id, question_res_id, provided_answer_index, time_elapsed_in_ms, revision)
            values (${row!.id}, ${resId}, ${index}, ${time}, 1)`.execute(handle.db);
        }
        return row!.id;
      };
      const submitted = await attempt('submitted', [
        ['q3', 1, 300],
        ['q1', 0, 100],
      ]);
      const open = await attempt('in-progress', [['q2', 3, 50]]);

      expect(await migrateToLatest(handle.db, handle.pool)).toContain('202612040100_exam_regrades');

      const sheets = await sql<{ attempt_id: string; answers: number[]; answer_times: number[] }>`select * from attempt_sheets`.execute(handle.db);
      expect(sheets.rows).toEqual([{ attempt_id: submitted, answers: [0, -1, 1], answer_times: [100, 0, 300] }]);
      expect(sheets.rows.map((row) => row.attempt_id)).not.toContain(open);
      const keyed = await sql<{ scoring_key: unknown }>`select scoring_key from exams where id = ${exam!.id}`.execute(handle.db);
      expect(keyed.rows[0]!.scoring_key).toEqual({ q1: [0, 0], q2: [1, 0], q3: [2, 0] });
      const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'exam_attempts'`.execute(
        handle.db,
      );
      expect(columns.rows.map((row) => row.column_name)).not.toContain('result');
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
