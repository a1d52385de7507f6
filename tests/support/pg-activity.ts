import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';

/**
 * Waits until another connection's statement matching `pattern` (an ILIKE pattern) is
 * waiting for a lock: how a test knows that a request is inside its transaction, held up
 * exactly where the interleaving under test needs it, without guessing at timings.
 */
export async function waitUntilWaiting(db: Db, pattern: string, options: { waitEvent?: string; timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pg_stat_activity
      where pid <> pg_backend_pid() and wait_event_type = 'Lock'
        and (${options.waitEvent ?? null}::text is null or wait_event = ${options.waitEvent ?? null})
        and query ilike ${pattern}`.execute(db);
    if (rows[0]!.count > 0) return;
    if (Date.now() > deadline) throw new Error(`No statement like ${pattern} started waiting for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
