import { sql, type Kysely } from 'kysely';

/**
 * Names are plain text on input (control characters and direction embeddings, overrides and
 * isolates dropped); names stored before that, and the staff alerts that quote them, are made
 * the same, so that no stored name reverses the line it is shown in. Malayalam and its joiners
 * (U+200C, U+200D) are kept.
 */
const NAME_DROPPED = '[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]';
const EDGE_SPACES = '^\\s+|\\s+$';
/** A message keeps its tab and line breaks. */
const MESSAGE_DROPPED = '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update users set name = regexp_replace(regexp_replace(name, ${NAME_DROPPED}, '', 'g'), ${EDGE_SPACES}, '', 'g') where name ~ ${NAME_DROPPED}`.execute(
    db,
  );
  await sql`update admin_alerts set message = regexp_replace(message, ${MESSAGE_DROPPED}, '', 'g') where message ~ ${MESSAGE_DROPPED}`.execute(db);
}

export async function down(): Promise<void> {
  // The characters dropped are not kept anywhere: nothing to put back.
}
