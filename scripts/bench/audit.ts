import { sql } from 'kysely';
import { AUDIT_ACTIONS, AUDIT_RESOURCE_TYPES } from '../../shared/audit/audit.constants.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { entryHash, GENESIS_HASH, type ChainedEntry } from '../../server/audit/audit-chain.ts';
import { auditPage, countAuditRows, type AuditRowFilter } from '../../server/audit/audit-log.repository.ts';
import { rowFilterOf } from '../../server/audit/audit-log.service.ts';
import { verifyAuditLog } from '../../server/audit/audit-verify.ts';
import { recordAudit, type AuditBy } from '../../server/audit/audit-writer.ts';
import { AUDIT_COUNT_LIMIT, AUDIT_PAGE_SIZE } from '../../shared/audit/audit-log.schema.ts';
import type { Db } from '../../server/db/database.ts';
import { openBenchDatabase, percentile } from './bench-database.ts';

/**
 * The audit log (`npm run bench -- audit`): a log of 1,000,000 entries (an unbroken chain, over a year,
 * by 20 people), then
 *  - a save (one coupon row updated in its own transaction) without and with its audit entry, one
 *    after another (the two alternating): p50 and p95 of each, the p95 the entry adds (target under
 *    1 ms), and the time of the recordAudit call alone (the commit's wait for the disk excluded);
 *  - the Audit screen's first page (and its count) for each of its filters: p50 and p95;
 *  - `npm run audit:verify` over the whole log: time.
 * Options (environment): DATABASE_URL, AUDIT_BENCH_ENTRIES (default 1,000,000).
 */
const ENTRIES = Number(process.env.AUDIT_BENCH_ENTRIES ?? 1_000_000);
const SAVES = 2_000;
const LIST_ROUNDS = 50;
const TARGET_MS = 1;
const PEOPLE = Array.from({ length: 20 }, (_, n) => ({
  id: `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`,
  name: `Staff ${n + 1}`,
  roles: [n < 3 ? 'admin' : 'manager'],
}));
const YEAR_MS = 365 * 86_400_000;

const ms = (value: number) => value.toFixed(3);
const rolesLiteral = (roles: readonly string[]) => `{${roles.join(',')}}`;

/** Writes `count` chained entries, `batch` rows a statement, spread evenly over the last year. */
async function seedLog(db: Db, count: number): Promise<void> {
  const start = Date.now() - YEAR_MS;
  let prev: Buffer = GENESIS_HASH;
  const batch = 5_000;
  for (let first = 1; first <= count; first += batch) {
    const rows: Array<ChainedEntry & { prevHash: Buffer; hash: Buffer }> = [];
    for (let seq = first; seq < Math.min(first + batch, count + 1); seq += 1) {
      const person = PEOPLE[seq % PEOPLE.length]!;
      const entry: ChainedEntry = {
        seq,
        at: new Date(start + Math.floor((seq / count) * YEAR_MS)),
        actorId: person.id,
        actorName: person.name,
        actorRoles: person.roles,
        action: AUDIT_ACTIONS[(seq * 7) % 5]!,
        resourceType: AUDIT_RESOURCE_TYPES[(seq * 13) % AUDIT_RESOURCE_TYPES.length]!,
        resourceId: `r-${seq % 50_000}`,
        resourceTitle: `Record ${seq % 50_000}`,
        changes: { price: { from: seq, to: seq + 100 } },
        ip: '10.0.0.1',
      };
      const hash = entryHash(prev, entry);
      rows.push({ ...entry, prevHash: prev, hash });
      prev = hash;
    }
    await sql`insert into audit_log (seq, at, actor_id, actor_name, actor_roles, action, resource_type, resource_id, resource_title, changes, ip, prev_hash, hash)
      select seq, at, actor_id, actor_name, actor_roles::text[], action, resource_type, resource_id, resource_title, changes, ip, prev_hash, hash
      from unnest(${rows.map((r) => r.seq)}::bigint[], ${rows.map((r) => r.at)}::timestamptz[], ${rows.map((r) => r.actorId)}::uuid[],
        ${rows.map((r) => r.actorName)}::text[], ${rows.map((r) => rolesLiteral(r.actorRoles))}::text[], ${rows.map((r) => r.action)}::text[],
        ${rows.map((r) => r.resourceType)}::text[], ${rows.map((r) => r.resourceId)}::text[], ${rows.map((r) => r.resourceTitle)}::text[],
        ${rows.map((r) => JSON.stringify(r.changes))}::jsonb[], ${rows.map((r) => r.ip)}::text[], ${rows.map((r) => r.prevHash)}::bytea[],
        ${rows.map((r) => r.hash)}::bytea[]) as t(seq, at, actor_id, actor_name, actor_roles, action, resource_type, resource_id, resource_title, changes, ip, prev_hash, hash)`.execute(
      db,
    );
  }
  await sql`update audit_chain_head set seq = ${count}, hash = ${prev}`.execute(db);
  await sql`analyze audit_log`.execute(db);
}

/** Times `run` `rounds` times one after another, after a few unmeasured rounds: sorted milliseconds. */
async function timed(rounds: number, run: (round: number) => Promise<unknown>): Promise<number[]> {
  for (let round = 0; round < 20; round += 1) await run(-1 - round);
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await run(round);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** A coupon's save as its service makes it: lock the row, update it, and (with `audit`) record the change last. */
async function saveCoupon(db: Db, id: string, by: AuditBy, value: number, audit: boolean, writes: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('coupons').select(['code', 'value_hundredths']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const after = await trx
      .updateTable('coupons')
      .set({ value_hundredths: value, version: sql`version + 1` })
      .where('id', '=', id)
      .returning(['code', 'value_hundredths'])
      .executeTakeFirstOrThrow();
    if (audit) {
      const t0 = performance.now();
      await recordAudit(trx, by, {
        action: 'update',
        resourceType: 'coupon',
        resourceId: id,
        title: after.code,
        changes: changedFields({ valueHundredths: before.value_hundredths }, { valueHundredths: after.value_hundredths }),
      });
      writes.push(performance.now() - t0);
    }
  });
}

export async function runAuditBenchmark(): Promise<void> {
  const { handle, close } = await openBenchDatabase(4);
  const { db } = handle;
  try {
    let started = performance.now();
    await seedLog(db, ENTRIES);
    console.log(`Seeded ${ENTRIES.toLocaleString('en-IN')} chained entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const coupon = await db
      .insertInto('coupons')
      .values({
        code: 'BENCH',
        min_order_paise: null,
        created_by: null,
        updated_by: null,
        usage_limit: null,
        per_student_limit: null,
        valid_from: null,
        valid_until: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const by: AuditBy = { actor: PEOPLE[0]!, ip: '10.0.0.1' };
    // Alternate the two kinds so that neither gets a quieter machine.
    const bare: number[] = [];
    const audited: number[] = [];
    const writes: number[] = [];
    for (let round = -20; round < SAVES; round += 1) {
      for (const audit of [false, true]) {
        const t0 = performance.now();
        await saveCoupon(db, coupon.id, by, 1000 + (round & 1023), audit, round >= 0 ? writes : []);
        if (round >= 0) (audit ? audited : bare).push(performance.now() - t0);
      }
    }
    bare.sort((a, b) => a - b);
    audited.sort((a, b) => a - b);
    writes.sort((a, b) => a - b);
    const added = percentile(audited, 95) - percentile(bare, 95);
    console.log(`Coupon save (${SAVES} each, log at ${ENTRIES.toLocaleString('en-IN')}+ entries):`);
    console.log(`  without the entry: p50 ${ms(percentile(bare, 50))} ms, p95 ${ms(percentile(bare, 95))} ms`);
    console.log(`  with the entry:    p50 ${ms(percentile(audited, 50))} ms, p95 ${ms(percentile(audited, 95))} ms`);
    console.log(`  added at p95: ${ms(added)} ms (target < ${TARGET_MS} ms)${added >= TARGET_MS ? '  MISSED' : ''}`);
    console.log(`  recordAudit alone, inside the transaction: p50 ${ms(percentile(writes, 50))} ms, p95 ${ms(percentile(writes, 95))} ms`);

    const filters: Array<[string, AuditRowFilter]> = [
      ['no filter', {}],
      ['person', { actorId: PEOPLE[5]!.id }],
      ['action', { action: 'publish' }],
      ['resource type', { resourceType: 'exam' }],
      ['resource type and id', { resourceType: AUDIT_RESOURCE_TYPES[(4242 * 13) % AUDIT_RESOURCE_TYPES.length], resourceId: 'r-4242' }],
      ['one India day, 200 days ago', rowFilterOf({ from: dayBefore(200), to: dayBefore(200) })],
      ['a month, a year ago', rowFilterOf({ from: dayBefore(364), to: dayBefore(334) })],
      ['person and a month', { ...rowFilterOf({ from: dayBefore(100), to: dayBefore(70) }), actorId: PEOPLE[7]!.id }],
      ['page 20 of everything', {}],
    ];
    console.log(
      `Audit list at ${ENTRIES.toLocaleString('en-IN')} entries (first page of ${AUDIT_PAGE_SIZE} and its count up to ${AUDIT_COUNT_LIMIT.toLocaleString('en-IN')}, ${LIST_ROUNDS} rounds):`,
    );
    for (const [name, filter] of filters) {
      const offset = name.startsWith('page 20') ? 19 * AUDIT_PAGE_SIZE : 0;
      const times = await timed(LIST_ROUNDS, () =>
        Promise.all([auditPage(db, filter, AUDIT_PAGE_SIZE, offset), countAuditRows(db, filter, AUDIT_COUNT_LIMIT)]),
      );
      console.log(`  ${name.padEnd(28)} p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms`);
    }

    started = performance.now();
    const verified = await verifyAuditLog(db);
    const seconds = (performance.now() - started) / 1000;
    console.log(`audit:verify over ${ENTRIES.toLocaleString('en-IN')}+ entries: ${verified.intact ? 'intact' : verified.message}, ${seconds.toFixed(1)} s`);
  } finally {
    await close();
  }
}

function dayBefore(days: number): string {
  return new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);
}
