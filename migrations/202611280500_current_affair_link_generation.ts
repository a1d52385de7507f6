import type { Kysely } from 'kysely';

/**
 * The PDF addresses handed out for a current-affairs post name the post's signing generation,
 * which grows when the post is unpublished or its PDF changes: addresses of an earlier
 * generation stop opening the PDF at once, without waiting for them to expire.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('current_affairs')
    .addColumn('signing_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('current_affairs').dropColumn('signing_generation').execute();
}
