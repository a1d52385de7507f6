import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordAudit, type AuditBy } from '../../../server/audit/audit-writer.ts';
import type { AuditPage } from '../../../shared/audit/audit-log.schema.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'manager', 'staff', 'marketing'], names: { admin: 'Anitha Admin', manager: 'Manoj Manager' } });

const anitha = (): AuditBy => ({ actor: { id: harness.userId('admin'), name: 'Anitha Admin', roles: ['admin'] }, ip: '10.0.0.1' });
const manoj = (): AuditBy => ({ actor: { id: harness.userId('manager'), name: 'Manoj Manager', roles: ['manager'] }, ip: '10.0.0.2' });

/** Writes an entry as of `at` (India time given with its offset), as the product would have. */
async function entry(by: AuditBy, at: string, record: Parameters<typeof recordAudit>[2]) {
  await harness.db.transaction().execute(async (trx) => {
    await recordAudit(trx, by, record);
  });
  // The writer stamps "now": move the newest entry to the day under test (triggers off, as only a test may).
  await sql`alter table audit_log disable trigger user`.execute(harness.db);
  await sql`update audit_log set at = ${new Date(at)} where seq = (select max(seq) from audit_log)`.execute(harness.db);
  await sql`alter table audit_log enable trigger user`.execute(harness.db);
}

beforeAll(async () => {
  // The harness signed its staff in (each sign-in an entry): start from an empty log, as only a test may.
  await sql`alter table audit_log disable trigger user`.execute(harness.db);
  await sql`truncate audit_log`.execute(harness.db);
  await sql`alter table audit_log enable trigger user`.execute(harness.db);
  await sql`update audit_chain_head set seq = 0, hash = decode(repeat('00', 32), 'hex')`.execute(harness.db);
  await entry(anitha(), '2026-11-01T10:00:00+05:30', {
    action: 'create',
    resourceType: 'coupon',
    resourceId: 'c-1',
    title: 'KAS50',
    changes: { code: { from: null, to: 'KAS50' } },
  });
  await entry(anitha(), '2026-11-02T00:00:00+05:30', {
    action: 'update',
    resourceType: 'coupon',
    resourceId: 'c-1',
    title: 'KAS50',
    changes: { percent: { from: 10, to: 50 } },
  });
  await entry(manoj(), '2026-11-02T23:59:59+05:30', {
    action: 'publish',
    resourceType: 'exam',
    resourceId: 'e-1',
    title: 'LDC mock 1',
    changes: { published: { from: false, to: true } },
  });
  await entry(anitha(), '2026-11-03T00:00:00+05:30', {
    action: 'update',
    resourceType: 'account',
    resourceId: 'u-9',
    title: 'Ravi',
    changes: { password: { hidden: true } },
  });
  await entry(anitha(), '2026-11-04T09:00:00+05:30', { action: 'update', resourceType: 'winner', resourceId: 'w-1', title: 'Toppers 2026', changes: {} });
});

const get = async (url: string, role: 'admin' | 'manager' | 'staff' | 'marketing' = 'admin') => harness.injectAs(role)('GET', url);
const page = async (url: string) => {
  const answer = await get(url);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as AuditPage;
};
const seqs = (found: AuditPage) => found.entries.map((e) => e.resourceTitle);

describe('GET /api/admin/audit', () => {
  it('lists every entry newest first, with who, when, what and the changes (secrets only as changed), and the exact total', async () => {
    const found = await page('/api/admin/audit');
    expect(found).toMatchObject({ total: 5, totalIsAtLeast: false, page: 1, pageSize: 50 });
    expect(seqs(found)).toEqual(['Toppers 2026', 'Ravi', 'LDC mock 1', 'KAS50', 'KAS50']);
    expect(found.entries[1]).toMatchObject({
      actor: { id: harness.userId('admin'), name: 'Anitha Admin', roles: ['admin'] },
      action: 'update',
      resourceType: 'account',
      resourceId: 'u-9',
      changes: { password: { hidden: true } },
      at: '2026-11-02T18:30:00.000Z',
    });
  });

  it('filters by person, resource type, resource id, action and India days (both ends included), and pages', async () => {
    expect(seqs(await page(`/api/admin/audit?actorId=${harness.userId('manager')}`))).toEqual(['LDC mock 1']);
    expect(seqs(await page('/api/admin/audit?resourceType=coupon'))).toEqual(['KAS50', 'KAS50']);
    expect((await page('/api/admin/audit?resourceType=coupon&resourceId=c-1&action=create')).entries.map((e) => e.action)).toEqual(['create']);
    expect(seqs(await page('/api/admin/audit?action=update'))).toEqual(['Toppers 2026', 'Ravi', 'KAS50']);
    const days = await page('/api/admin/audit?from=2026-11-02&to=2026-11-02');
    expect(days.entries.map((e) => e.action)).toEqual(['publish', 'update']);
    expect(days).toMatchObject({ total: 2, totalIsAtLeast: false });
    expect(seqs(await page('/api/admin/audit?from=2026-11-03'))).toEqual(['Toppers 2026', 'Ravi']);
    expect(seqs(await page('/api/admin/audit?to=2026-11-01'))).toEqual(['KAS50']);
    const second = await page('/api/admin/audit?pageSize=2&page=2');
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(seqs(second)).toEqual(['LDC mock 1', 'KAS50']);
  });

  it('sorts by when, oldest first with sort=at (also within a day range and in the export), newest first by default', async () => {
    expect(seqs(await page('/api/admin/audit?sort=at'))).toEqual(['KAS50', 'KAS50', 'LDC mock 1', 'Ravi', 'Toppers 2026']);
    expect(seqs(await page('/api/admin/audit?sort=-at&pageSize=2'))).toEqual(['Toppers 2026', 'Ravi']);
    expect(seqs(await page('/api/admin/audit?sort=at&from=2026-11-02&to=2026-11-03'))).toEqual(['KAS50', 'LDC mock 1', 'Ravi']);
    const second = await page('/api/admin/audit?sort=at&pageSize=2&page=2');
    expect(seqs(second)).toEqual(['LDC mock 1', 'Ravi']);
    const csv = await get('/api/admin/audit/export.csv?sort=at&resourceType=coupon');
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .split('\r\n')
        .slice(1, 3)
        .map((line) => line.split(',')[0]),
    ).toEqual(['1', '2']);
    const wrong = await get('/api/admin/audit?sort=who');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'query.sort' });
  });

  it('answers the same list through tRPC (audit.list)', async () => {
    const input = encodeURIComponent(JSON.stringify({ resourceType: 'exam' }));
    const answer = await get(`/trpc/audit.list?input=${input}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result.data.entries.map((e: { resourceTitle: string }) => e.resourceTitle)).toEqual(['LDC mock 1']);
  });

  it('refuses a bad filter with 400 naming the field', async () => {
    for (const [query, field, message] of [
      ['actorId=ravi', 'query.actorId', 'actorId is the id of a staff account'],
      ['resourceType=planet', 'query.resourceType', /^resourceType is one of account, alert/],
      ['action=explode', 'query.action', /^action is one of create, update/],
      ['from=2026-02-30', 'query.from', 'from is a day as YYYY-MM-DD'],
      ['to=yesterday', 'query.to', 'to is a day as YYYY-MM-DD'],
      ['from=2026-11-05&to=2026-11-01', 'query.to', 'to is a day on or after from'],
      ['pageSize=500', 'query.pageSize', 'pageSize is a whole number from 1 to 200'],
      [`resourceId=${'x'.repeat(101)}`, 'query.resourceId', 'resourceId is the id of a record, at most 100 characters'],
    ] as const) {
      const answer = await get(`/api/admin/audit?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().field, query).toBe(field);
      expect(answer.json().message, query).toMatch(message);
    }
  });

  it('refuses every other role with 403 before reading anything: not even a locked log holds the answer up', async () => {
    const client = await harness.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('lock table audit_log in access exclusive mode');
      for (const role of ['manager', 'staff', 'marketing'] as const) {
        for (const url of ['/api/admin/audit?action=explode', '/api/admin/audit/export.csv', '/api/admin/audit/people', '/trpc/audit.list']) {
          const answer = await get(url, role);
          expect(answer.statusCode, `${role} ${url}`).toBe(403);
        }
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('exports what the filters show as CSV, newest first, the changes one a line', async () => {
    const answer = await get('/api/admin/audit/export.csv?resourceType=coupon');
    expect(answer.statusCode).toBe(200);
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Entry,When (India time),Who,Roles,Account id,Action,Resource type,Resource id,Resource,Changes,IP address');
    expect(lines[1]).toMatch(/^2,2026-11-02 00:00:00,Anitha Admin,admin,[0-9a-f-]{36},Updated,Coupon,c-1,KAS50,percent: 10 → 50,10\.0\.0\.1$/);
    expect(lines[2]).toMatch(/^1,2026-11-01 10:00:00,.*,Created,Coupon,c-1,KAS50,"code: null → ""KAS50""",10\.0\.0\.1$/);
  });

  it('lists the staff accounts to filter by', async () => {
    const answer = await get('/api/admin/audit/people');
    expect(answer.statusCode).toBe(200);
    const names = (answer.json() as { people: Array<{ name: string }> }).people.map((person) => person.name);
    expect(names).toEqual(expect.arrayContaining(['Anitha Admin', 'Manoj Manager']));
  });
});

describe('GET /api/admin/audit/history', () => {
  it("gives one record's entries, newest first, to whoever may open its screen", async () => {
    const coupon = await page('/api/admin/audit/history?resourceType=coupon&resourceId=c-1');
    expect(coupon.entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(coupon).toMatchObject({ total: 2, pageSize: 20 });
    const exam = await get('/api/admin/audit/history?resourceType=exam&resourceId=e-1', 'manager');
    expect(exam.statusCode).toBe(200);
    expect((exam.json() as AuditPage).entries.map((e) => e.resourceTitle)).toEqual(['LDC mock 1']);
    const viaTrpc = await get(`/trpc/auditHistory.history?input=${encodeURIComponent(JSON.stringify({ resourceType: 'exam', resourceId: 'e-1' }))}`, 'staff');
    expect(viaTrpc.statusCode).toBe(200);
  });

  it("refuses a role that may not open the record's screen with 403, before reading anything", async () => {
    const client = await harness.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('lock table audit_log in access exclusive mode');
      for (const [role, type] of [
        ['manager', 'winner'],
        ['manager', 'coupon'],
        ['staff', 'course'],
        ['marketing', 'current-affair'],
        ['manager', 'app-info'],
      ] as const) {
        const answer = await get(`/api/admin/audit/history?resourceType=${type}&resourceId=x`, role);
        expect(answer.statusCode, `${role} ${type}`).toBe(403);
        expect(answer.json().message).toBe('Your role does not allow access to this screen');
      }
      const viaTrpc = await get(
        `/trpc/auditHistory.history?input=${encodeURIComponent(JSON.stringify({ resourceType: 'winner', resourceId: 'w-1' }))}`,
        'manager',
      );
      expect(viaTrpc.statusCode).toBe(403);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('refuses a missing or unknown resource type with 400 naming the field', async () => {
    const missing = await get('/api/admin/audit/history?resourceType=coupon');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('query.resourceId');
    const unknown = await get('/api/admin/audit/history?resourceType=planet&resourceId=x');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('query.resourceType');
  });
});
