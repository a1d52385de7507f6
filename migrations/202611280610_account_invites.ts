import { sql, type Kysely } from 'kysely';

/**
 * Staff invitations and guarded account changes.
 *
 * - account_invites: one row per invitation mail. Only the token's hash is kept; a token is good
 *   once, until expires_at, and a newer invitation of the same account uses up the older ones.
 * - users.access_version: counts changes of an account's roles and of its being disabled, so that
 *   an administrator's change made from an older copy (another tab, another administrator) is
 *   refused instead of silently overwriting.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_invites')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('account_invites_user_idx').on('account_invites').columns(['user_id', 'created_at']).execute();
  await db.schema
    .alterTable('users')
    .addColumn('access_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('access_version').execute();
  await db.schema.dropTable('account_invites').execute();
}
