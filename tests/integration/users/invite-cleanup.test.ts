import type { JobHelpers } from 'graphile-worker';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { transportsFromConfig } from '../../../server/messages/transports.ts';
import { INVITE_KEEP_DAYS, INVITE_TTL_HOURS } from '../../../shared/auth/accounts.schema.ts';
import { cleanup } from '../../../worker/tasks/cleanup.ts';
import { useDatabase } from '../../support/app-harness.ts';
import { createUser, testConfig } from '../../support/test-app.ts';

const database = useDatabase();

async function runCleanup() {
  const config = testConfig();
  const deps = { db: database.db, config, storage: createStorage(config), transports: transportsFromConfig(config) };
  const helpers = { logger: { info() {}, warn() {}, error() {}, debug() {} } } as unknown as JobHelpers;
  await cleanup(deps)({}, helpers);
}

/** An invitation made `daysAgo` days ago (expiring INVITE_TTL_HOURS later), used `usedDaysAgo` days ago or not at all. */
async function invite(userId: string, daysAgo: number, usedDaysAgo: number | null = null): Promise<string> {
  const row = await database.db
    .insertInto('account_invites')
    .values({
      user_id: userId,
      token_hash: `hash-${userId}-${daysAgo}-${Math.random()}`,
      created_at: sql<Date>`now() - make_interval(days => ${daysAgo})`,
      expires_at: sql<Date>`now() - make_interval(days => ${daysAgo}) + make_interval(hours => ${INVITE_TTL_HOURS})`,
      consumed_at: usedDaysAgo === null ? null : sql<Date>`now() - make_interval(days => ${usedDaysAgo})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const remaining = async (ids: string[]) =>
  (await database.db.selectFrom('account_invites').select('id').where('id', 'in', ids).execute()).map((row) => row.id).sort();

describe('the hourly cleanup of staff invitations', () => {
  it(`removes invitations used or expired more than ${INVITE_KEEP_DAYS} days ago and keeps newer ones`, async () => {
    const joined = await createUser(database.db, { roles: ['staff'] });
    const usedLongAgo = await invite(joined.id, INVITE_KEEP_DAYS + 5, INVITE_KEEP_DAYS + 4);
    const usedLately = await invite(joined.id, INVITE_KEEP_DAYS - 1, INVITE_KEEP_DAYS - 1);
    const expiredLongAgo = await invite(joined.id, INVITE_KEEP_DAYS + 10);
    const expiredLately = await invite(joined.id, INVITE_KEEP_DAYS - 2);
    const open = await invite(joined.id, 0);

    await runCleanup();

    expect(await remaining([usedLongAgo, usedLately, expiredLongAgo, expiredLately, open])).toEqual([usedLately, expiredLately, open].sort());
  });

  it('keeps the newest invitation of an account that never set a password, so inviting it again still says the invitation is pending', async () => {
    const pending = await database.db
      .insertInto('users')
      .values({ name: 'Never Joined', email_address: `never-joined-${Date.now()}@example.com`, roles: ['staff'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await invite(pending.id, INVITE_KEEP_DAYS + 20, INVITE_KEEP_DAYS + 19);
    const newest = await invite(pending.id, INVITE_KEEP_DAYS + 19);

    await runCleanup();

    expect(await remaining([first, newest])).toEqual([newest]);
  });
});
