import { describe, expect, it } from 'vitest';
import { alertViewPath } from '../../../shared/alerts/alerts.schema.ts';
import { raiseAlert } from '../../../server/alerts/alerts.service.ts';
import { markFailed } from '../../../worker/media/processing-state.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

describe('admin alerts', () => {
  it('lists alerts newest first with their counts, marks all read, and filters on the server', async () => {
    await raiseAlert(harness.db, { message: 'Anu commented on Rivers of Kerala', resourceType: 'lecture', resourceId: 'l1' });
    await raiseAlert(harness.db, { message: 'Binu replied on Rivers of Kerala', resourceType: 'lecture', resourceId: 'l1' });
    expect((await asAdmin('GET', '/api/admin/notifications/count')).json()).toEqual({ count: 2 });
    const page = (await asAdmin('GET', '/api/admin/notifications')).json();
    expect(page.total).toBe(2);
    expect(page.alerts[0]).toMatchObject({ message: 'Binu replied on Rivers of Kerala', hasRead: false, data: { resourceType: 'lecture', resourceId: 'l1' } });
    expect((await asAdmin('GET', '/api/admin/notifications?search=anu')).json().total).toBe(1);
    expect((await asAdmin('PUT', '/api/admin/notifications/read')).json()).toEqual({ updated: 2 });
    expect((await asAdmin('GET', '/api/admin/notifications/count')).json()).toEqual({ count: 0 });
    expect((await asAdmin('GET', '/api/admin/notifications?hasRead=no')).json().total).toBe(0);
    expect((await asAdmin('GET', '/api/admin/notifications?hasRead=maybe')).statusCode).toBe(400);
  });

  it('filters Created On by the day in India', async () => {
    const at = async (message: string, iso: string) => {
      await raiseAlert(harness.db, { message });
      await harness.db
        .updateTable('admin_alerts')
        .set({ created_at: new Date(iso) })
        .where('message', '=', message)
        .execute();
    };
    // 23:59 and 00:00 in India on either side of midnight (UTC+05:30).
    await at('Late on the 24th', '2026-11-24T18:29:00Z');
    await at('Early on the 25th', '2026-11-24T18:31:00Z');
    await at('Late on the 25th', '2026-11-25T18:29:00Z');
    const day = async (createdOn: string) =>
      ((await asAdmin('GET', `/api/admin/notifications?createdOn=${createdOn}`)).json().alerts as Array<{ message: string }>).map((alert) => alert.message);
    expect(await day('2026-11-25')).toEqual(['Late on the 25th', 'Early on the 25th']);
    expect(await day('2026-11-24')).toEqual(['Late on the 24th']);
    for (const bad of ['2026-02-30', '25-11-2026', 'yesterday', '1999-12-31']) {
      const refused = await asAdmin('GET', `/api/admin/notifications?createdOn=${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'query.createdOn', message: 'createdOn is a day written YYYY-MM-DD' });
    }
  });

  it('raises an alert when a file fails for good', async () => {
    const asset = await harness.db
      .insertInto('assets')
      .values({
        file_name: 'broken.mp4',
        content_type: 'video/mp4',
        kind: 'video',
        access_mode: 'private',
        size_in_bytes: 10,
        sha256: 'x',
        storage_key: 'assets/x/original/y',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await markFailed(harness.db, asset.id, 'not a video');
    const page = (await asAdmin('GET', '/api/admin/notifications?search=broken.mp4')).json();
    expect(page.alerts[0]).toMatchObject({
      message: 'Processing failed for good: broken.mp4 (not a video)',
      data: { resourceType: 'asset', resourceId: asset.id },
    });
    expect(alertViewPath(page.alerts[0].data)).toBe('/admin/process/queue');
  });

  it('is hidden from managers, as the side bar hides Notifications', async () => {
    await createUser(harness.db, { email: 'alerts-manager@example.com', roles: ['manager'] });
    const manager = await harness.signIn('alerts-manager@example.com');
    expect((await harness.injectWith(manager)('GET', '/api/admin/notifications/count')).statusCode).toBe(403);
    await createUser(harness.db, { email: 'alerts-staff@example.com', roles: ['staff'] });
    expect((await harness.injectWith(await harness.signIn('alerts-staff@example.com'))('GET', '/api/admin/notifications/count')).statusCode).toBe(200);
  });

  it('opens each kind of alert where it belongs', () => {
    expect(alertViewPath({ resourceType: 'lecture', resourceId: 'abc' })).toBe('/admin/videos/lectures/abc/discussions');
    expect(alertViewPath({ resourceType: 'winner-announcement', resourceId: 'w1' })).toBe('/admin/winners/editor/w1');
    expect(alertViewPath({ resourceType: 'other', resourceId: 'x' })).toBeNull();
    expect(alertViewPath({ resourceType: 'lecture', resourceId: null })).toBeNull();
  });
});
