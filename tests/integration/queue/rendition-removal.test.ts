import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LECTURE_WARNINGS } from '../../../shared/lectures/lecture.rules.ts';
import { useApp } from '../../support/app-harness.ts';
import { createAsset } from '../../support/factories/asset.ts';
import { useStoppedQueue } from '../../support/stopped-queue.ts';

const BASE = '/api/admin/assets/process/video';
const harness = useApp();
const asAdmin = harness.injectAs('admin');

useStoppedQueue(harness, ['lectures', 'assets']);

/** A video processed to the end (as a finished run leaves it) with its finished queue item. */
async function processedVideo(name = 'lesson.mp4'): Promise<string> {
  const asset = { id: await createAsset(harness.db, { file_name: name }) };
  await harness.db
    .updateTable('assets')
    .set({
      state: 'ready',
      output_prefix: `assets/${asset.id}/out/v1/`,
      poster_key: `assets/${asset.id}/out/v1/hls/poster.jpg`,
      renditions: JSON.stringify([{ name: '360p', height: 360 }]),
      duration_seconds: 600,
    })
    .where('id', '=', asset.id)
    .execute();
  await harness.db
    .insertInto('queue_items')
    .values({ asset_id: asset.id, title: name, type: 'video', state: 'ready', last_state_updated_on: sql`now()`, finished_at: sql`now()` })
    .execute();
  return asset.id;
}

async function lectureWith(title: string, videoId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await asAdmin('POST', '/api/admin/lecture', { title });
  const id = created.json()._id as string;
  const saved = await saveLecture(id, { title, isVisible: true, lecturerName: 'Dr. Anitha', videoResourceId: videoId, notes: [], ...extra });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

function saveLecture(id: string, value: Record<string, unknown>) {
  return asAdmin('PUT', `/api/admin/lecture/${id}`, { value });
}

function remove(videoId: string, unpublish: string[] = []) {
  const query = unpublish.length > 0 ? `?unpublishLectureIds=${unpublish.join(',')}` : '';
  return asAdmin('DELETE', `${BASE}/queueAndS3/items/${videoId}${query}`);
}

async function lectureRow(id: string) {
  return harness.db.selectFrom('lectures').select(['is_published', 'is_visible', 'publish_warnings']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function assetState(id: string) {
  return harness.db.selectFrom('assets').select(['state', 'renditions']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function queueItemCount(assetId: string): Promise<number> {
  return (await harness.db.selectFrom('queue_items').select('id').where('asset_id', '=', assetId).execute()).length;
}

describe('deleting the renditions of a published lecture', () => {
  it('is refused without the lecture named, saying so, and changes nothing', async () => {
    const video = await processedVideo();
    const lecture = await lectureWith('Fundamental Rights', video);
    expect((await lectureRow(lecture)).is_published).toBe(true);

    const refused = await remove(video);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '“Fundamental Rights” is published and plays this video: deleting its renditions unpublishes it. Confirm unpublishing and try again.',
    );
    expect((await lectureRow(lecture)).is_published).toBe(true);
    expect((await assetState(video)).state).toBe('ready');
    expect(await queueItemCount(video)).toBe(1);
  });

  it('names the lectures it would take offline, and with them confirmed unpublishes them and deletes the renditions together', async () => {
    const video = await processedVideo();
    const first = await lectureWith('Rivers of Kerala', video);
    const second = await lectureWith('Rivers, part two', video);
    const hidden = await lectureWith('Rivers (draft)', video, { isVisible: false });

    const impact = await asAdmin('GET', `/trpc/queue.removalImpact?input=${encodeURIComponent(JSON.stringify({ fileId: video }))}`);
    expect(impact.json().result.data.unpublishes).toEqual([
      { _id: first, title: 'Rivers of Kerala' },
      { _id: second, title: 'Rivers, part two' },
    ]);

    // Naming one of two is not enough.
    const partly = await remove(video, [first]);
    expect(partly.statusCode).toBe(409);
    expect(partly.json().message).toContain('“Rivers, part two” is published');

    const removed = await remove(video, [first, second]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({
      status: 'deleted',
      unpublished: [
        { _id: first, title: 'Rivers of Kerala' },
        { _id: second, title: 'Rivers, part two' },
      ],
    });
    for (const id of [first, second]) {
      expect(await lectureRow(id)).toEqual({ is_published: false, is_visible: true, publish_warnings: [LECTURE_WARNINGS.videoProcessing] });
    }
    expect((await lectureRow(hidden)).is_published).toBe(false);
    expect(await assetState(video)).toEqual({ state: 'uploaded', renditions: [] });
    expect(await queueItemCount(video)).toBe(0);
    // The editor and the student catalogue say the same.
    const editor = await asAdmin('GET', `/api/admin/lecture/${first}`);
    expect(editor.json()).toMatchObject({ isPublished: false });
  });

  it('needs no confirmation for a lecture that stays published (a YouTube video) or a file no published lecture plays', async () => {
    const video = await processedVideo();
    const youtube = await lectureWith('Live class', video, { youtubeLink: 'dQw4w9WgXcQ' });
    const hiddenVideo = await processedVideo('hidden.mp4');
    await lectureWith('Hidden', hiddenVideo, { isVisible: false });

    expect((await remove(video)).json()).toEqual({ status: 'deleted', unpublished: [] });
    expect((await lectureRow(youtube)).is_published).toBe(true);
    expect((await remove(hiddenVideo)).json()).toEqual({ status: 'deleted', unpublished: [] });
  });

  it('refuses a bad lecture id list naming the field', async () => {
    const video = await processedVideo();
    const response = await remove(video, ['not-an-id']);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('unpublishLectureIds lists lecture ids');
    expect((await assetState(video)).state).toBe('ready');
  });
});

describe('a lecture published while its renditions are deleted', () => {
  it('is seen by the deletion, which then refuses: the publish that got the file first wins', async () => {
    const video = await processedVideo();
    const lecture = await lectureWith('Indian Constitution', video, { isVisible: false });
    // A save in flight: it has share-locked the file (as every lecture save does) and is about to publish.
    const saving = await harness.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`select id from assets where id = ${video} for share`.execute(connection);
      const deletion = remove(video);
      // The deletion waits for the file's lock.
      await waitForLockWait();
      await sql`update lectures set is_visible = true, is_published = true, publish_warnings = '{}' where id = ${lecture}`.execute(connection);
      await sql`commit`.execute(connection);
      return deletion;
    });
    const answer = await saving;
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toContain('“Indian Constitution” is published');
    expect((await lectureRow(lecture)).is_published).toBe(true);
    expect((await assetState(video)).state).toBe('ready');
  });

  it('never leaves a published lecture without renditions when saves and deletions race', async () => {
    for (let round = 0; round < 6; round++) {
      const video = await processedVideo(`race-${round}.mp4`);
      const lecture = await lectureWith(`Race ${round}`, video, { isVisible: false });
      const [save, deletion] = await Promise.all([
        saveLecture(lecture, { title: `Race ${round}`, isVisible: true, lecturerName: 'Dr. Anitha', videoResourceId: video, notes: [] }),
        remove(video),
      ]);
      expect(save.statusCode, save.body).toBe(200);
      const [row, asset] = [await lectureRow(lecture), await assetState(video)];
      if (deletion.statusCode === 200) {
        // The deletion came first: the save saw a video with no renditions and did not publish.
        expect(row.is_published).toBe(false);
        expect(asset.state).toBe('uploaded');
      } else {
        expect(deletion.statusCode).toBe(409);
        expect(row.is_published).toBe(true);
        expect(asset.state).toBe('ready');
      }
    }
  });
});

/** Until a statement of another connection waits for a row lock. */
async function waitForLockWait(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(harness.db);
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('No statement waited for the lock');
}
