import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/test-app.ts';
import { createPaidRateCard } from '../../support/exam-factory.ts';
import { createMediaWorkspace, makeTestVideo, type MediaWorkspace } from '../../support/media-fixtures.ts';
import { multipartBody } from '../../support/multipart.ts';
import { useApp } from '../../support/app-harness.ts';

/** A course's preview video is there to be watched before buying: its address opens for any signed-in student who may read the course. */

const harness = useApp();
const asNobody = harness.injectAs('nobody');
const asAdmin = harness.injectAs('admin');
let workspace: MediaWorkspace;
let video: Buffer;
let counter = 0;

beforeAll(async () => {
  workspace = await createMediaWorkspace('course-preview-');
  video = await readFile(await makeTestVideo({ dir: workspace.dir, seconds: 1, width: 160, height: 90, audio: false }));
});
afterAll(async () => {
  await workspace?.remove();
});

async function student(name: string) {
  counter += 1;
  const user = await createUser(harness.db, { email: `${name}${counter}@example.com` });
  return { id: user.id, cookie: await harness.signIn(`${name}${counter}@example.com`) };
}

async function uploadVideo(access: 'public' | 'private'): Promise<string> {
  const body = multipartBody([{ fileName: 'preview.mp4', content: video }]);
  const response = await asAdmin('POST', `/api/assets/${access}?kind=video`, body.payload, body.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0]._id as string;
}

/** A published paid course with a preview video; `save` saves it again with other values. */
async function courseWithPreview(previewVideoId: string | null) {
  const card = await createPaidRateCard(harness.db, `Preview card ${++counter}`);
  const lecture = (
    await harness.db
      .insertInto('lectures')
      .values({
        title: 'Lecture',
        is_visible: true,
        is_published: true,
        master_subscription_id: card,
        youtube_link: 'dQw4w9WgXcQ',
        video_duration_in_minutes: 20,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const id = (await asAdmin('POST', '/api/admin/courses', { title: 'Previewed course' })).json()._id as string;
  const save = async (values: Record<string, unknown> = {}) => {
    const saved = await asAdmin('PUT', `/api/admin/courses/${id}`, {
      value: {
        title: 'Previewed course',
        isVisible: true,
        courseRateCardId: card,
        previewVideoId,
        subjects: [{ title: 'Polity', lectures: [lecture] }],
        ...values,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json() as { isPublished: boolean };
  };
  expect(await save()).toMatchObject({ isPublished: true });
  return { id, save };
}

async function previewUrlOf(cookie: string, courseId: string): Promise<string> {
  const read = await harness.injectWith(cookie)('GET', `/api/student/courses/${courseId}`);
  expect(read.statusCode, read.body).toBe(200);
  const url = read.json().previewVideoUrl as string | null;
  expect(url).not.toBeNull();
  return url!;
}

describe("a course's preview video", () => {
  it('opens for a signed-in student who holds nothing, whole and by range, however the video was uploaded', async () => {
    const browser = await student('browser');
    for (const access of ['private', 'public'] as const) {
      const { id } = await courseWithPreview(await uploadVideo(access));
      const url = await previewUrlOf(browser.cookie, id);
      const whole = await harness.injectWith(browser.cookie)('GET', url);
      expect(whole.statusCode, `${access}: ${whole.body.slice(0, 200)}`).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.rawPayload.equals(video)).toBe(true);
      const part = await harness.injectWith(browser.cookie)('GET', url, undefined, { range: 'bytes=0-99' });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(video.subarray(0, 100))).toBe(true);
    }
  });

  it('needs a session, and is not there for a course without one, a hidden course, or an offline course the student does not hold', async () => {
    const browser = await student('browser');
    const { id, save } = await courseWithPreview(await uploadVideo('private'));
    const url = await previewUrlOf(browser.cookie, id);
    expect((await asNobody('GET', url)).statusCode).toBe(401);

    const { id: plain } = await courseWithPreview(null);
    expect((await harness.injectWith(browser.cookie)('GET', `/api/student/courses/${plain}`)).json().previewVideoUrl).toBeNull();
    expect((await harness.injectWith(browser.cookie)('GET', url.replace(id, plain))).statusCode).toBe(404);

    // Offline (no rate card is a publish warning): its holder still watches it, nobody else.
    const holder = await student('holder');
    await harness.db.insertInto('entitlements').values({ user_id: holder.id, resource_type: 'course', resource_id: id }).execute();
    expect(await save({ courseRateCardId: null })).toMatchObject({ isPublished: false });
    expect((await harness.injectWith(browser.cookie)('GET', url)).statusCode).toBe(404);
    expect((await harness.injectWith(holder.cookie)('GET', url)).statusCode).toBe(200);

    await save({ isVisible: false });
    expect((await harness.injectWith(holder.cookie)('GET', url)).statusCode).toBe(404);
  });
});
