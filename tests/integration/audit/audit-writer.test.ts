import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changedFields } from '../../../shared/audit/audit-changes.rules.ts';
import { chainedEntryOf, entryHash, GENESIS_HASH, type StoredEntryRow } from '../../../server/audit/audit-chain.ts';
import { recordAudit, type AuditBy } from '../../../server/audit/audit-writer.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let database: TestDatabase;
const by: AuditBy = { actor: { id: '00000000-0000-4000-8000-000000000001', name: 'Anitha', roles: ['admin'] }, ip: '127.0.0.1' };

beforeAll(async () => {
  database = await createTestDatabase(6);
});
afterAll(async () => {
  await database.drop();
});
beforeEach(async () => {
  await sql`alter table audit_log disable trigger audit_log_no_truncate`.execute(database.db);
  await sql`truncate audit_log`.execute(database.db);
  await sql`alter table audit_log enable trigger audit_log_no_truncate`.execute(database.db);
  await sql`update audit_chain_head set seq = 0, hash = ${GENESIS_HASH}`.execute(database.db);
});

/** Polls until `check` holds (a state, not a timing: the test's own timeout bounds it). */
async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

type Row = StoredEntryRow & { prev_hash: Buffer; hash: Buffer };
const entries = async () => (await sql<Row>`select * from audit_log order by seq`.execute(database.db)).rows;
const head = async () => (await sql<{ seq: string; hash: Buffer }>`select seq, hash from audit_chain_head`.execute(database.db)).rows[0]!;

function expectChained(rows: Row[]) {
  let prev: Buffer = GENESIS_HASH;
  rows.forEach((row, index) => {
    expect(Number(row.seq)).toBe(index + 1);
    expect(row.prev_hash.equals(prev)).toBe(true);
    expect(row.hash.equals(entryHash(prev, chainedEntryOf(row)))).toBe(true);
    prev = row.hash;
  });
  return prev;
}

describe('recordAudit', () => {
  it('appends an entry whose hash is recomputed from what was stored', async () => {
    const changes = changedFields({ title: 'പഴയ പേര്', price: 999, password: 'x' }, { title: 'പുതിയ പേര്', price: 1199, password: 'y' });
    await database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, by, { action: 'update', resourceType: 'course', resourceId: 'c1', title: 'ക്ഷ KAS', changes });
    });
    const [row] = await entries();
    expect(row).toMatchObject({ actor_name: 'Anitha', actor_roles: ['admin'], action: 'update', resource_title: 'ക്ഷ KAS', ip: '127.0.0.1' });
    expect(row!.changes).toEqual({
      password: { hidden: true },
      price: { from: 999, to: 1199 },
      title: { from: 'പഴയ പേര്', to: 'പുതിയ പേര്' },
    });
    const last = expectChained([row!]);
    expect(Number((await head()).seq)).toBe(1);
    expect((await head()).hash.equals(last)).toBe(true);
  });

  it('writes several entries of one change in order, chained', async () => {
    await database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, by, [
        { action: 'delete', resourceType: 'order', resourceId: 'o1', title: 'Order 1' },
        { action: 'refund', resourceType: 'order', resourceId: 'o2', title: 'Order 2' },
      ]);
    });
    await database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, { actor: null, ip: null }, { action: 'send', resourceType: 'notification', resourceId: null, title: null });
    });
    const rows = await entries();
    expect(rows.map((row) => [row.action, row.actor_name])).toEqual([
      ['delete', 'Anitha'],
      ['refund', 'Anitha'],
      ['send', 'System'],
    ]);
    expectChained(rows);
  });

  it('leaves neither an entry nor a gap when the change rolls back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await recordAudit(trx, by, { action: 'create', resourceType: 'coupon', resourceId: 'k1', title: 'FIRST' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, by, { action: 'create', resourceType: 'coupon', resourceId: 'k2', title: 'SECOND' });
    });
    const rows = await entries();
    expect(rows.map((row) => row.resource_title)).toEqual(['SECOND']);
    expectChained(rows);
  });

  it('chains concurrent changes in the order they commit, without forks or gaps', async () => {
    await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        database.db.transaction().execute(async (trx) => {
          await recordAudit(trx, by, { action: 'update', resourceType: 'exam', resourceId: `e${index}`, title: `Exam ${index}` });
        }),
      ),
    );
    const rows = await entries();
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((row) => row.resource_id)).size).toBe(24);
    expectChained(rows);
  });

  it('makes a second writer wait for the first to commit, then chains after it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstRecorded!: () => void;
    const recorded = new Promise<void>((resolve) => (firstRecorded = resolve));
    const first = database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, by, { action: 'publish', resourceType: 'lecture', resourceId: 'l1', title: 'First' });
      firstRecorded();
      await held;
    });
    await recorded;
    let secondDone = false;
    const second = database.db
      .transaction()
      .execute(async (trx) => {
        await recordAudit(trx, by, { action: 'publish', resourceType: 'lecture', resourceId: 'l2', title: 'Second' });
      })
      .then(() => (secondDone = true));
    try {
      // While the first is open, others see no entry, and the second waits on the head's lock.
      expect(await entries()).toHaveLength(0);
      await waitUntil(async () => {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
        return waiting.rows[0]!.n === 1;
      });
      expect(secondDone).toBe(false);
    } finally {
      release();
    }
    await Promise.all([first, second]);
    const rows = await entries();
    expect(rows.map((row) => row.resource_title)).toEqual(['First', 'Second']);
    expectChained(rows);
  });

  it('refuses to edit, remove or empty the log', async () => {
    await database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, by, { action: 'create', resourceType: 'winner', resourceId: 'w1', title: 'Winners' });
    });
    await expect(sql`update audit_log set actor_name = 'Someone else'`.execute(database.db)).rejects.toThrow('The audit log is append-only');
    await expect(sql`delete from audit_log`.execute(database.db)).rejects.toThrow('The audit log is append-only');
    await expect(sql`truncate audit_log`.execute(database.db)).rejects.toThrow('The audit log is append-only');
    expect(await entries()).toHaveLength(1);
  });

  it('keeps titles and texts PostgreSQL could not store as given', async () => {
    const changes = changedFields({ notes: 'a' }, { notes: `bad\u0000\uD800 ${'x'.repeat(600)}` });
    await database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, by, { action: 'update', resourceType: 'course', resourceId: 'c9', title: `t\u0000${'ക'.repeat(400)}`, changes });
    });
    const [row] = await entries();
    expect(row!.resource_title).toHaveLength(301);
    expect((row!.changes.notes as { to: string }).to).toMatch(/^bad\uFFFD x+… \(605 characters\)$/);
    expectChained([row!]);
  });
});
