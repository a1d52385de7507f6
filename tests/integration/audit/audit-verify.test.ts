import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chainedEntryOf, entryHash, GENESIS_HASH, type StoredEntryRow } from '../../../server/audit/audit-chain.ts';
import { parseAnchor, verificationText, verifyAuditLog } from '../../../server/audit/audit-verify.ts';
import { recordAudit, type AuditBy } from '../../../server/audit/audit-writer.ts';
import { runScript } from '../../support/script-run.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let database: TestDatabase;
const by: AuditBy = { actor: { id: '00000000-0000-4000-8000-000000000001', name: 'Anitha', roles: ['admin'] }, ip: '127.0.0.1' };

beforeAll(async () => {
  database = await createTestDatabase(3);
});
afterAll(async () => {
  await database.drop();
});

/** As an attacker would: with the log's triggers off. */
async function tamper(statement: ReturnType<typeof sql>) {
  await sql`alter table audit_log disable trigger user`.execute(database.db);
  try {
    await statement.execute(database.db);
  } finally {
    await sql`alter table audit_log enable trigger user`.execute(database.db);
  }
}

/** Five entries, one per change, on an emptied log. */
beforeEach(async () => {
  await tamper(sql`truncate audit_log`);
  await sql`update audit_chain_head set seq = 0, hash = ${GENESIS_HASH}`.execute(database.db);
  for (let n = 1; n <= 5; n += 1) {
    await database.db
      .transaction()
      .execute((trx) =>
        recordAudit(trx, by, { action: 'update', resourceType: 'coupon', resourceId: `c${n}`, title: `KAS${n}`, changes: { percent: { from: n, to: n + 1 } } }),
      );
  }
});

type Row = StoredEntryRow & { prev_hash: Buffer; hash: Buffer };
const entry = async (seq: number) => (await sql<Row>`select * from audit_log where seq = ${seq}`.execute(database.db)).rows[0]!;

describe('verifyAuditLog', () => {
  it('finds an untouched log intact and gives its last seq and hash (the head)', async () => {
    const result = await verifyAuditLog(database.db, { batchSize: 2 });
    const head = (await sql<{ hash: Buffer }>`select hash from audit_chain_head`.execute(database.db)).rows[0]!;
    expect(result).toEqual({ intact: true, entries: 5, last: { seq: 5, hash: head.hash } });
    expect(verificationText(result)).toBe(`The audit log is intact: 5 entries, last 5 ${head.hash.toString('hex')}`);
  });

  it('names an entry whose field was edited', async () => {
    await tamper(sql`update audit_log set changes = '{"percent":{"from":3,"to":90}}' where seq = 3`);
    const result = await verifyAuditLog(database.db);
    expect(result).toMatchObject({ intact: false, seq: 3, problem: 'edited' });
    expect(verificationText(result)).toMatch(/^Entry 3 was edited: its hash does not match its content/);
  });

  it('names a removed middle entry, also across a batch boundary', async () => {
    await tamper(sql`delete from audit_log where seq = 3`);
    for (const batchSize of [2, 5_000]) {
      expect(await verifyAuditLog(database.db, { batchSize })).toMatchObject({
        intact: false,
        seq: 3,
        problem: 'removed',
        message: 'Entry 3 was removed: the log goes from entry 2 to entry 4.',
      });
    }
  });

  it('names the last entries removed, from the chain head', async () => {
    await tamper(sql`delete from audit_log where seq >= 4`);
    expect(await verifyAuditLog(database.db)).toMatchObject({
      intact: false,
      seq: 4,
      problem: 'removed',
      message: "Entries 4 to 5 were removed: the chain's head is at entry 5, the log ends at entry 3.",
    });
  });

  it('names the first of two entries whose contents were swapped', async () => {
    await tamper(sql`update audit_log a set (at, actor_id, actor_name, actor_roles, action, resource_type, resource_id, resource_title, changes, ip, prev_hash, hash) =
      (select at, actor_id, actor_name, actor_roles, action, resource_type, resource_id, resource_title, changes, ip, prev_hash, hash from audit_log b where b.seq = 6 - a.seq)
      where a.seq in (2, 4)`);
    expect(await verifyAuditLog(database.db)).toMatchObject({ intact: false, seq: 2, problem: 'reordered' });
  });

  it('finds a forged entry inserted in the middle, even with its hash computed right', async () => {
    const third = await entry(3);
    const forged = { ...chainedEntryOf(third), seq: 4, resourceTitle: 'FORGED' };
    const forgedHash = entryHash(third.hash, forged);
    await tamper(sql`update audit_log set seq = seq + 100 where seq >= 4`);
    await tamper(sql`update audit_log set seq = seq - 99 where seq >= 100`);
    await tamper(sql`insert into audit_log (seq, at, actor_id, actor_name, actor_roles, action, resource_type, resource_id, resource_title, changes, ip, prev_hash, hash)
      values (4, ${forged.at}, ${forged.actorId}, ${forged.actorName}, ${sql.raw(`'{admin}'`)}, ${forged.action}, ${forged.resourceType}, ${forged.resourceId},
        ${forged.resourceTitle}, ${JSON.stringify(forged.changes)}::jsonb, ${forged.ip}, ${third.hash}, ${forgedHash})`);
    await sql`update audit_chain_head set seq = 6`.execute(database.db);
    const result = await verifyAuditLog(database.db);
    expect(result).toMatchObject({ intact: false, seq: 5, problem: 'reordered' });
    expect(verificationText(result)).toMatch(/^Entry 5 does not follow entry 4: .*an entry was inserted or moved here/);
  });

  it('finds an entry appended without moving the chain head', async () => {
    const fifth = await entry(5);
    const forged = { ...chainedEntryOf(fifth), seq: 6 };
    await tamper(sql`insert into audit_log select 6, at, actor_id, actor_name, actor_roles, action, resource_type, resource_id, resource_title, changes, ip,
      ${fifth.hash}, ${entryHash(fifth.hash, forged)} from audit_log where seq = 5`);
    expect(await verifyAuditLog(database.db)).toMatchObject({ intact: false, seq: 6, problem: 'reordered' });
  });

  it('finds a whole tail rewritten with recomputed hashes only with an anchor noted before', async () => {
    const before = await verifyAuditLog(database.db);
    if (!before.intact) throw new Error('expected an intact log');
    const anchor = { seq: 4, hash: (await entry(4)).hash };
    // Rewrite entry 3 and recompute the chain from there on, head included: no hash is left wrong.
    let prev = (await entry(2)).hash;
    for (let seq = 3; seq <= 5; seq += 1) {
      const row = await entry(seq);
      const content = { ...chainedEntryOf(row), resourceTitle: seq === 3 ? 'REWRITTEN' : row.resource_title };
      const hash = entryHash(prev, content);
      await tamper(sql`update audit_log set resource_title = ${content.resourceTitle}, prev_hash = ${prev}, hash = ${hash} where seq = ${seq}`);
      prev = hash;
    }
    await sql`update audit_chain_head set hash = ${prev}`.execute(database.db);
    expect(await verifyAuditLog(database.db)).toMatchObject({ intact: true, entries: 5 });
    const result = await verifyAuditLog(database.db, { anchor });
    expect(result).toMatchObject({ intact: false, seq: 4, problem: 'anchor' });
    expect(verificationText(result)).toMatch(/^Entry 4 is not the one anchored: .*The log was rewritten from this entry or an earlier one\.$/);
    expect(await verifyAuditLog(database.db, { anchor: { seq: 9, hash: anchor.hash } })).toMatchObject({ intact: false, seq: 9, problem: 'anchor' });
  });

  it('reads an anchor as <seq>:<64 hex digits> and nothing else', () => {
    const hash = 'ab'.repeat(32);
    expect(parseAnchor(`12:${hash}`)).toEqual({ seq: 12, hash: Buffer.from(hash, 'hex') });
    for (const bad of ['12', `0:${hash}`, `12:${hash.slice(2)}`, `x:${hash}`, `12:${'zz'.repeat(32)}`]) expect(parseAnchor(bad)).toBeNull();
  });
});

describe('npm run audit:verify', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'audit-verify-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const run = (...args: string[]) =>
    runScript(
      'scripts/audit-verify.ts',
      dataDir,
      { DATABASE_URL: database.url, LOG_LEVEL: 'warn', NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32) },
      { args },
    );

  it('prints the last hash and exits 0 on an intact log, 1 naming the edited entry, and checks an anchor', async () => {
    const intact = run();
    expect(await intact.exited).toBe(0);
    const printed = /^The audit log is intact: 5 entries, last 5 ([0-9a-f]{64})\n$/.exec(intact.stdout());
    expect(printed).not.toBeNull();
    const anchor = `5:${printed![1]}`;
    const anchored = run('--anchor', anchor);
    expect(await anchored.exited).toBe(0);

    await tamper(sql`update audit_log set actor_name = 'Someone else' where seq = 2`);
    const edited = run('--anchor', anchor);
    expect(await edited.exited).toBe(1);
    expect(edited.stderr()).toMatch(/^Entry 2 was edited: its hash does not match its content/);

    const wrongAnchor = run('--anchor', '5:abc');
    expect(await wrongAnchor.exited).toBe(2);
    expect(wrongAnchor.stderr()).toMatch(/^--anchor must be <seq>:<hash>/);
  }, 60_000);
});
