import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_COURSE_MESSAGES } from '../../../shared/courses/student-courses.schema.ts';
import { hasCompleteLadder } from '../../../server/assets/asset-state.ts';
import { markAssetReady } from '../../../server/queue/asset-state.repository.ts';
import { createStorage } from '../../../server/assets/storage/index.ts';
import { refreshLecturesForVideo } from '../../../server/lectures/lectures.service.ts';
import { createUser, testConfig } from '../../support/test-app.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';
import { multipartBody, TINY_PDF, TINY_PNG } from '../../support/multipart.ts';
import { useApp } from '../../support/app-harness.ts';
import { createRateCard, LAKSHYA_FREE } from '../../support/factories/course.ts';
import { createLecture, PUBLISHED } from '../../support/factories/lecture.ts';
import { createRankFile } from '../../support/factories/rank-file.ts';

/** What a student is given of a course: only published rank files, what they bought even while a lecture is offline, images that open, and the course's PDFs. */

const harness = useApp();
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
let buyer: { id: string; cookie: string };
let stranger: { id: string; cookie: string };

beforeAll(async () => {
  const b = await createUser(harness.db, { email: 'buyer@example.com' });
  buyer = { id: b.id, cookie: await harness.signIn('buyer@example.com') };
  const s = await createUser(harness.db, { email: 'stranger@example.com' });
  stranger = { id: s.id, cookie: await harness.signIn('stranger@example.com') };
});

async function upload(access: 'public' | 'private', fileName: string, content: Buffer): Promise<string> {
  const body = multipartBody([{ fileName, content }]);
  const response = await asAdmin('POST', `/api/assets/${access}`, body.payload, body.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0]._id as string;
}

/** A processed private video whose poster is a stored image (as the ladder leaves it). */
async function videoWithPoster(): Promise<string> {
  const image = await upload('private', 'poster.png', TINY_PNG);
  const row = await sql<{ id: string }>`
    insert into assets (file_name, content_type, kind, access_mode, size_in_bytes, sha256, storage_key, state, poster_key)
    select 'clip.mp4', 'video/mp4', 'video', 'private', size_in_bytes, sha256, storage_key || '.source', 'ready', storage_key from assets where id = ${image}
    returning id`.execute(harness.db);
  return row.rows[0]!.id;
}

async function lecture(title: string, card: string, extra: Record<string, unknown> = {}): Promise<string> {
  return createLecture(harness.db, {
    title,
    ...PUBLISHED,
    master_subscription_id: card,
    youtube_link: 'dQw4w9WgXcQ',
    lecturer_name: 'Asha',
    video_duration_in_minutes: 20,
    ...extra,
  });
}

async function course(card: string, value: Record<string, unknown>): Promise<string> {
  const id = (await asAdmin('POST', '/api/admin/courses', { title: 'Course' })).json()._id as string;
  const saved = await asAdmin('PUT', `/api/admin/courses/${id}`, { value: { title: 'Course', isVisible: true, courseRateCardId: card, ...value } });
  expect(saved.json(), saved.body).toMatchObject({ isPublished: true });
  await harness.db.insertInto('entitlements').values({ user_id: buyer.id, resource_type: 'course', resource_id: id }).execute();
  return id;
}

describe('rank files', () => {
  it("lists only the published rank files of a course (a draft's ranking would answer 404)", async () => {
    const card = await createPaidRateCard(harness.db, 'Rank card');
    const lectureId = await lecture('Rank lecture', card);
    const published = await createRankFile(harness.db, { title: 'Published ranks', is_published: true });
    const draft = await createRankFile(harness.db, { title: 'Draft ranks' });
    const id = await course(card, { subjects: [{ title: 'Polity', lectures: [lectureId] }], rankFiles: [published, draft] });
    const answer = (await harness.injectWith(buyer.cookie)('GET', `/api/student/courses/${id}`)).json();
    expect(answer.rankFiles).toEqual([{ _id: published, title: 'Published ranks' }]);
  });
});

describe('a lecture taken offline', () => {
  it('keeps the course and its other lectures for the buyer; the offline lecture is listed unavailable and its playback says so (409), never "not bought"', async () => {
    const card = await createPaidRateCard(harness.db, 'Offline card');
    const kept = await lecture('Kept lecture', card);
    const offline = await lecture('Offline lecture', card);
    const id = await course(card, { subjects: [{ title: 'Polity', lectures: [kept, offline], lectureDaySchedulePlan: { [kept]: [1], [offline]: [2] } }] });

    // Staff switch one lecture off in its editor: the course goes offline (a warning), but not for its buyer.
    const stored = (await asAdmin('GET', `/api/admin/lecture/${offline}`)).json();
    const saved = await asAdmin('PUT', `/api/admin/lecture/${offline}`, { value: { ...stored, isVisible: false, exams: undefined }, version: stored.version });
    expect(saved.json(), saved.body).toMatchObject({ isPublished: false });
    expect((await harness.db.selectFrom('courses').select('is_published').where('id', '=', id).executeTakeFirstOrThrow()).is_published).toBe(false);

    const read = await harness.injectWith(buyer.cookie)('GET', `/api/student/courses/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      entitled: true,
      firstSubjectLectures: {
        items: [
          { _id: kept, available: true, canWatch: true },
          { _id: offline, available: false, canWatch: true },
        ],
      },
    });
    expect(
      ((await harness.injectWith(buyer.cookie)('GET', '/api/student/courses')).json().items as Array<{ _id: string }>).some((entry) => entry._id === id),
    ).toBe(true);
    expect((await harness.injectWith(buyer.cookie)('POST', `/api/student/lectures/${kept}/playback`)).statusCode).toBe(200);
    const unavailable = await harness.injectWith(buyer.cookie)('POST', `/api/student/lectures/${offline}/playback`);
    expect(unavailable.statusCode).toBe(409);
    expect(unavailable.json().message).toBe(STUDENT_COURSE_MESSAGES.lectureUnavailable);

    // Someone who has not bought it does not see the offline course, nor play its lectures.
    expect((await harness.injectWith(stranger.cookie)('GET', `/api/student/courses/${id}`)).statusCode).toBe(404);
    expect((await harness.injectWith(stranger.cookie)('POST', `/api/student/lectures/${kept}/playback`)).json().message).toBe(
      STUDENT_COURSE_MESSAGES.notEntitled,
    );

    // Hidden by staff, the course is gone for everyone.
    const hidden = await asAdmin('PUT', `/api/admin/courses/${id}`, {
      value: { title: 'Course', isVisible: false, courseRateCardId: card, subjects: [{ title: 'Polity', lectures: [kept, offline] }] },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await harness.injectWith(buyer.cookie)('GET', `/api/student/courses/${id}`)).statusCode).toBe(404);
    expect((await harness.injectWith(buyer.cookie)('POST', `/api/student/lectures/${kept}/playback`)).statusCode).toBe(403);
  });
});

describe('lectures held another way', () => {
  it('shows a lecture as watchable where it is held through another course, its rate card or a Lakshya-free card, as playback decides', async () => {
    const card = await createPaidRateCard(harness.db, 'Shared card');
    const otherCard = await createPaidRateCard(harness.db, 'Other course card');
    const lakshya = await createRateCard(harness.db, { title: 'Lakshya lectures', ...LAKSHYA_FREE, gross_amount: 0, gst_amount: 0, net_amount: 0 });
    const shared = await lecture('Shared lecture', card);
    const own = await lecture('Own lecture', card);
    const special = await lecture('Special lecture', lakshya);
    const id = await course(card, { subjects: [{ title: 'Polity', lectures: [shared, own, special] }] });
    const other = (await asAdmin('POST', '/api/admin/courses', { title: 'Other course' })).json()._id as string;
    expect(
      (
        await asAdmin('PUT', `/api/admin/courses/${other}`, {
          value: { title: 'Other course', isVisible: true, courseRateCardId: otherCard, subjects: [{ title: 'History', lectures: [shared] }] },
        })
      ).json(),
    ).toMatchObject({ isPublished: true });
    const learner = await createUser(harness.db, { email: 'other-course@example.com', phone: '9847062001' });
    await harness.db.updateTable('users').set({ phone_verified_at: new Date() }).where('id', '=', learner.id).execute();
    const cookie = await harness.signIn('other-course@example.com');
    const watchable = async () =>
      Object.fromEntries(
        (
          (await harness.injectWith(cookie)('GET', `/api/student/courses/${id}`)).json().firstSubjectLectures.items as Array<{
            _id: string;
            canWatch: boolean;
          }>
        ).map((entry) => [entry._id, entry.canWatch]),
      );
    const plays = async (lectureId: string) => (await harness.injectWith(cookie)('POST', `/api/student/lectures/${lectureId}/playback`)).statusCode === 200;
    expect(await watchable()).toEqual({ [shared]: false, [own]: false, [special]: false });
    // The other course's rate card.
    await harness.db.insertInto('entitlements').values({ user_id: learner.id, subscription_id: otherCard }).execute();
    expect(await watchable()).toEqual({ [shared]: true, [own]: false, [special]: false });
    expect([await plays(shared), await plays(own)]).toEqual([true, false]);
    // On the lakshya-students list: the Lakshya-free lecture opens too.
    await harness.db.insertInto('lakshya_students').values({ name: 'Learner', phone_number: '9847062001' }).execute();
    expect(await watchable()).toEqual({ [shared]: true, [own]: false, [special]: true });
    expect(await plays(special)).toBe(true);
    // A grant of the course's own rate card: everything, and the course is theirs.
    await harness.db.insertInto('entitlements').values({ user_id: learner.id, subscription_id: card }).execute();
    expect(await watchable()).toEqual({ [shared]: true, [own]: true, [special]: true });
    expect((await harness.injectWith(cookie)('GET', `/api/student/courses/${id}`)).json().entitled).toBe(true);
  });
});

describe('images', () => {
  it('gives students only image addresses that open for them: public banners, and the poster of a lecture without one (not its video)', async () => {
    const card = await createPaidRateCard(harness.db, 'Image card');
    const banner = await upload('public', 'banner.png', TINY_PNG);
    const privateBanner = await upload('private', 'private-banner.png', TINY_PNG);
    const video = await videoWithPoster();
    const withBanner = await lecture('With banner', card, { banner_image_id: banner });
    const withPoster = await lecture('With poster', card, { video_resource_id: video });
    const privateOne = await lecture('Private banner', card, { banner_image_id: privateBanner, video_resource_id: video });
    const id = await course(card, { bannerImageId: banner, subjects: [{ title: 'Polity', lectures: [withBanner, withPoster, privateOne] }] });
    await harness.db
      .insertInto('lecture_collection_items')
      .values([withBanner, withPoster, privateOne].map((lectureId, position) => ({ lecture_id: lectureId, position })))
      .execute();

    const courseAnswer = (await harness.injectWith(stranger.cookie)('GET', `/api/student/courses/${id}`)).json();
    const collection = (await harness.injectWith(stranger.cookie)('GET', '/api/student/custom-lectures')).json();
    const catalogue = (await harness.injectWith(stranger.cookie)('GET', '/api/student/courses')).json().items as Array<{
      _id: string;
      bannerImageUrl: string | null;
    }>;
    const thumbnails = (lectures: Array<{ _id: string; thumbnailUrl: string | null }>) =>
      Object.fromEntries(lectures.map((entry) => [entry._id, entry.thumbnailUrl]));
    const fromCourse = thumbnails(courseAnswer.firstSubjectLectures.items);
    const fromCollection = thumbnails(collection.items);
    for (const seen of [fromCourse, fromCollection]) {
      expect(seen[withBanner]).toBe(`/api/assets/${banner}`);
      expect(seen[withPoster]).toMatch(/poster/);
      expect(seen[privateOne]).toMatch(/poster/);
    }
    const urls = [
      courseAnswer.bannerImageUrl,
      catalogue.find((entry) => entry._id === id)!.bannerImageUrl,
      ...Object.values(fromCourse),
      ...Object.values(fromCollection),
    ] as string[];
    expect(urls.every((url) => typeof url === 'string')).toBe(true);
    for (const url of urls) {
      const image = await harness.injectWith(stranger.cookie)('GET', url);
      expect(image.statusCode, `${url}: ${image.body}`).toBe(200);
      expect(String(image.headers['content-type'])).toMatch(/^image\//);
    }
    // The poster is not a key to the video.
    expect((await harness.injectWith(stranger.cookie)('GET', `/api/assets/${video}`)).statusCode).toBe(403);
    expect((await asNobody('GET', fromCourse[withPoster]!)).statusCode).toBe(401);
  });
});

describe('course PDFs', () => {
  it('gives a student who holds the course signed addresses of its previous questions, syllabus and day planner; others get 403', async () => {
    const card = await createPaidRateCard(harness.db, 'PDF card');
    const lectureId = await lecture('PDF lecture', card);
    const [questions, syllabus, planner, inactive] = [
      await upload('private', 'q2024.pdf', TINY_PDF),
      await upload('private', 'syllabus.pdf', TINY_PDF),
      await upload('private', 'planner.pdf', TINY_PDF),
      await upload('private', 'old.pdf', TINY_PDF),
    ];
    const id = await course(card, {
      subjects: [{ title: 'Polity', lectures: [lectureId] }],
      dayPlannerPdfId: planner,
      previousQuestions: [
        { resId: 'q1', pdfFileId: questions, fileName: 'q2024.pdf', year: 2024, isActive: true },
        { resId: 'q0', pdfFileId: inactive, fileName: 'old.pdf', year: 2001, isActive: false },
      ],
      syllabus: [{ resId: 's1', pdfFileId: syllabus, fileName: 'syllabus.pdf', isActive: true }],
    });
    const summary = (await harness.injectWith(buyer.cookie)('GET', `/api/student/courses/${id}`)).json();
    expect(summary).toMatchObject({ hasDayPlanner: true, previousQuestions: [{ resId: 'q1', year: 2024 }], syllabus: [{ resId: 's1' }] });

    const documents = await harness.injectWith(buyer.cookie)('POST', `/api/student/courses/${id}/documents`);
    expect(documents.statusCode, documents.body).toBe(200);
    expect(documents.headers['cache-control']).toBe('private, no-store');
    const body = documents.json();
    expect(body).toMatchObject({
      previousQuestions: [{ resId: 'q1', fileName: 'q2024.pdf', year: 2024 }],
      syllabus: [{ resId: 's1', fileName: 'syllabus.pdf' }],
      dayPlanner: { pageUrls: [] },
    });
    for (const url of [body.previousQuestions[0].pdfUrl, body.syllabus[0].pdfUrl, body.dayPlanner.pdfUrl] as string[]) {
      expect((await harness.injectWith(buyer.cookie)('GET', url)).statusCode).toBe(200);
      expect((await harness.injectWith(stranger.cookie)('GET', url)).statusCode).toBe(403);
    }
    const refused = await harness.injectWith(stranger.cookie)('POST', `/api/student/courses/${id}/documents`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STUDENT_COURSE_MESSAGES.courseNotEntitled);
    expect((await harness.injectWith(buyer.cookie)('POST', '/api/student/courses/not-a-course/documents')).statusCode).toBe(404);
  });
});

describe('a replaced video', () => {
  /** An MP4 by its first bytes (the server decides a file's kind by its content). */
  const mp4 = (tag: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42\0\0\0\0mp42isom'), Buffer.from(tag.padEnd(64, '.'))]);
  const rendition = {
    name: '360p',
    width: 640,
    height: 360,
    bitrate: 800_000,
    audioRate: 44_100,
    segmentCount: 1,
    totalSizeInBytes: 1000,
    playlist: '360p/index.m3u8',
  };

  it('keeps playing its previous ladder, and its lecture and course stay published, until the new ladder is ready', async () => {
    const storage = createStorage(testConfig());
    const video = await upload('private', 'first.mp4', mp4('first'));
    // As a finished run leaves it: a complete ladder with its poster.
    const ladder = async (version: string, text: string) => {
      await storage.put(`assets/${video}/out/${version}/hls/master.m3u8`, Readable.from([Buffer.from(`#EXTM3U\n# ${text}\n`)]));
      await storage.put(`assets/${video}/out/${version}/hls/poster.jpg`, Readable.from([TINY_PNG]));
      await harness.db.transaction().execute(async (trx) => {
        await markAssetReady(trx, video, {
          kind: 'video',
          outputPrefix: `assets/${video}/out/${version}/`,
          posterKey: `assets/${video}/out/${version}/hls/poster.jpg`,
          renditions: [rendition],
          durationSeconds: 600,
          width: 640,
          height: 360,
        });
        await trx.updateTable('queue_items').set({ state: 'ready' }).where('asset_id', '=', video).execute();
        await refreshLecturesForVideo({ db: trx }, { assetId: video });
      });
    };
    await ladder('v1', 'first ladder');
    const card = await createPaidRateCard(harness.db, 'Video card');
    const lectureId = await lecture('Video lecture', card, { youtube_link: null, video_resource_id: video });
    const id = await course(card, { subjects: [{ title: 'Polity', lectures: [lectureId] }] });
    const playlist = async () => {
      const playback = await harness.injectWith(buyer.cookie)('POST', `/api/student/lectures/${lectureId}/playback`);
      expect(playback.statusCode, playback.body).toBe(200);
      const hlsUrl = playback.json().hlsUrl as string;
      expect(hlsUrl).toEqual(expect.any(String));
      return (await harness.injectWith(buyer.cookie)('GET', hlsUrl)).body;
    };
    expect(await playlist()).toContain('first ladder');

    // Staff replace the file (the console then saves the lecture): the new content waits to be processed.
    const body = multipartBody([{ fileName: 'second.mp4', content: mp4('second') }]);
    const replaced = await asAdmin('PUT', `/api/assets/replace/${video}`, body.payload, body.headers);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const stored = (await asAdmin('GET', `/api/admin/lecture/${lectureId}`)).json();
    const saved = await asAdmin('PUT', `/api/admin/lecture/${lectureId}`, { value: { ...stored, exams: undefined }, version: stored.version });
    expect(saved.json(), saved.body).toMatchObject({ isPublished: true });
    const asset = await harness.db.selectFrom('assets').selectAll().where('id', '=', video).executeTakeFirstOrThrow();
    expect(asset.state).not.toBe('ready');
    expect(hasCompleteLadder(asset)).toBe(true);
    expect((await harness.injectWith(stranger.cookie)('GET', `/api/student/courses/${id}`)).statusCode).toBe(200);
    expect((await harness.injectWith(buyer.cookie)('GET', `/api/student/courses/${id}`)).json().firstSubjectLectures.items[0]).toMatchObject({
      available: true,
      canWatch: true,
    });
    expect(await playlist()).toContain('first ladder');
    expect(await storage.exists(`assets/${video}/out/v1/hls/master.m3u8`)).toBe(true);

    // The new ladder ready, it is the one played.
    await ladder('v2', 'second ladder');
    expect(await playlist()).toContain('second ladder');
  });
});
