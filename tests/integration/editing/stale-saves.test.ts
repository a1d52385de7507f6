import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { LECTURE_WARNINGS } from '../../../shared/lectures/lecture.rules.ts';
import { refreshLecturesForVideo } from '../../../server/lectures/lectures.service.ts';
import { waitUntilWaiting } from '../../support/pg-activity.ts';
import { useApp } from '../../support/app-harness.ts';

const harness = useApp({ roles: ['admin', 'manager'], names: { admin: 'Asha Admin', manager: 'Manu Manager' }, poolSize: 10 });
const asManager = harness.injectAs('manager');
const asAdmin = harness.injectAs('admin');

describe('the lecture editor saving from an older copy', () => {
  it('is refused with who saved it and when; the newer save is kept; tRPC answers the same', async () => {
    const id = (await asAdmin('POST', '/api/admin/lecture', { title: 'Shared lecture' })).json()._id as string;
    const loaded = (await asAdmin('GET', `/api/admin/lecture/${id}`)).json();
    const first = await asManager('PUT', `/api/admin/lecture/${id}`, { value: { title: 'By the manager', notes: [] }, version: loaded.version });
    expect(first.json()).toMatchObject({ version: loaded.version + 1 });
    const stale = await asAdmin('PUT', `/api/admin/lecture/${id}`, { value: { title: 'By the admin', notes: [] }, version: loaded.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ type: 'conflict', stale: { version: loaded.version + 1, updatedBy: 'Manu Manager' } });
    expect(stale.json().message).toMatch(
      /^Manu Manager saved this lecture at .+ IST, after you opened it\. Reload to see their changes; your unsaved edits stay here until you do\.$/,
    );
    const viaTrpc = await asAdmin('POST', '/trpc/lectures.save', JSON.stringify({ id, value: { title: 'By the admin', notes: [] }, version: loaded.version }), {
      'content-type': 'application/json',
    });
    expect(viaTrpc.statusCode).toBe(409);
    expect(viaTrpc.json().error.data).toMatchObject({ type: 'conflict', stale: { updatedBy: 'Manu Manager' } });
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json().title).toBe('By the manager');
  });

  it('keeps a save made while the video finishes: the refresh that follows sees it', async () => {
    const id = (await asAdmin('POST', '/api/admin/lecture', { title: 'Racing video' })).json()._id as string;
    const video = await harness.db
      .insertInto('assets')
      .values({
        file_name: 'v.mp4',
        content_type: 'video/mp4',
        kind: 'video',
        access_mode: 'private',
        size_in_bytes: 10,
        sha256: 'x',
        storage_key: 'assets/v/original/v',
        state: 'uploaded',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gate = new pg.Client({ connectionString: harness.database.url });
    await gate.connect();
    try {
      // The worker marks the video ready in a transaction that has not committed yet.
      await gate.query('begin');
      await gate.query(`update assets set state = 'ready', duration_seconds = 600 where id = $1`, [video.id]);
      const saving = asAdmin('PUT', `/api/admin/lecture/${id}`, {
        value: { title: 'Racing video', isVisible: true, lecturerName: 'Dr. Anitha', videoResourceId: video.id, notes: [] },
      });
      await waitUntilWaiting(harness.db, '%from "assets"%for share%');
      await gate.query('commit');
      await refreshLecturesForVideo(harness.database, { assetId: video.id });
      expect((await saving).statusCode).toBe(200);
      const lecture = (await asAdmin('GET', `/api/admin/lecture/${id}`)).json();
      expect(lecture).toMatchObject({ isVisible: true, isPublished: true, publishWarnings: [], videoDurationInMinutes: 10 });
      expect(lecture.publishWarnings).not.toContain(LECTURE_WARNINGS.videoProcessing);
    } finally {
      await gate.end();
    }
  });
});

describe('the rate-card editor saving from an older copy', () => {
  it('is refused with who saved it and when, and the newer price is kept', async () => {
    const id = (await asAdmin('POST', '/api/admin/subscriptions', { title: 'Pack' })).json()._id as string;
    const loaded = (await asAdmin('GET', `/api/admin/subscriptions/${id}`)).json();
    const value = { title: 'Pack', grossAmount: 499, gstRate: 18, gstAmount: 89.82, netAmount: 588.82 };
    expect((await asManager('PUT', `/api/admin/subscriptions/${id}`, { value, version: loaded.version })).statusCode).toBe(200);
    const stale = await asAdmin('PUT', `/api/admin/subscriptions/${id}`, {
      value: { ...value, grossAmount: 1000, gstAmount: 180, netAmount: 1180 },
      version: loaded.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ type: 'conflict', stale: { updatedBy: 'Manu Manager' } });
    expect(stale.json().message).toMatch(/^Manu Manager saved this rate card at /);
    expect((await asAdmin('GET', `/api/admin/subscriptions/${id}`)).json().grossAmount).toBe(499);
  });
});
