import { sql, type Kysely } from 'kysely';

const EDITED_TABLES = ['exams', 'lectures', 'subscriptions', 'courses', 'rank_files'];

export async function up(db: Kysely<any>): Promise<void> {
  // Editors save with the version they loaded, so that a save made from an older copy is refused.
  for (const table of EDITED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  }
  // A student's attempt is never deleted with its exam: the database refuses the delete.
  await sql`alter table exam_attempts drop constraint exam_attempts_exam_id_fkey`.execute(db);
  await sql`alter table exam_attempts add constraint exam_attempts_exam_id_fkey foreign key (exam_id) references exams (id) on delete restrict`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table exam_attempts drop constraint exam_attempts_exam_id_fkey`.execute(db);
  await sql`alter table exam_attempts add constraint exam_attempts_exam_id_fkey foreign key (exam_id) references exams (id) on delete cascade`.execute(db);
  for (const table of EDITED_TABLES) {
    await db.schema.alterTable(table).dropColumn('updated_by').dropColumn('version').execute();
  }
}
