import { sql, type Kysely } from 'kysely';

/**
 * An account receives pushes on at most 10 devices from now on (a registration beyond them replaces
 * the least recently registered): accounts that already hold more keep their 10 most recently
 * registered. Deleted subscriptions' pending pushes then count as gone, as for any removed device.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    delete from push_subscriptions where id in (
      select id from (
        select id, row_number() over (partition by user_id order by updated_at desc, created_at desc, id desc) as rank
        from push_subscriptions) ranked
      where rank > 10)`.execute(db);
}

/** The devices deleted are not brought back. */
export async function down(_db: Kysely<any>): Promise<void> {}
