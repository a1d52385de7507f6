import { describe, expect, it } from 'vitest';
import { auditEntries, expectUnbrokenChain, lastAuditSeq } from '../../support/audit-entries.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

describe('the audit log and alerts', () => {
  it('marking every alert read is a read marker, not a change worth an entry: it writes none', async () => {
    await harness.db.insertInto('admin_alerts').values({ message: 'A file failed for good' }).execute();
    const seq = await lastAuditSeq(harness.db);
    const marked = await asAdmin('PUT', '/api/admin/notifications/read', {});
    expect(marked.json()).toEqual({ updated: 1 });
    expect(await auditEntries(harness.db, { afterSeq: seq })).toEqual([]);
    await expectUnbrokenChain(harness.db);
  });
});
