import { describe, expect, it } from 'vitest';
import { LECTURE_WARNINGS } from '../../../shared/lectures/lecture.rules.ts';
import { refreshLecturesForVideo } from '../../../server/lectures/lectures.service.ts';
import { multipartBody, TINY_PDF, TINY_PNG } from '../../support/multipart.ts';
import { useApp } from '../../support/app-harness.ts';
import { createAsset } from '../../support/factories/asset.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');

async function createLecture(title = 'Indian Constitution: Part 1') {
  const response = await asAdmin('POST', '/api/admin/lecture', { title });
  expect(response.statusCode).toBe(200);
  return response.json()._id as string;
}

async function uploadAsset(fileName: string, content: Buffer): Promise<{ _id: string; sizeInBytes: number }> {
  const body = multipartBody([{ fileName, content }]);
  const response = await asAdmin('POST', '/api/assets/private', body.payload, body.headers);
  return response.json()[0];
}

async function videoAsset(state: 'uploaded' | 'ready', durationSeconds = 754): Promise<string> {
  return createAsset(harness.db, {
    size_in_bytes: 52_428_800,
    storage_key: 'assets/x/original/y',
    state,
    duration_seconds: state === 'ready' ? durationSeconds : null,
  });
}

const value = (overrides: Record<string, unknown> = {}) => ({
  value: { title: 'Indian Constitution: Part 1', isVisible: true, lecturerName: 'Dr. Anitha', notes: [], ...overrides },
});

describe('creating lectures', () => {
  it('needs a title', async () => {
    const response = await asAdmin('POST', '/api/admin/lecture', { title: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please provide a title');
  });

  it('starts hidden and lists in the catalogue', async () => {
    const id = await createLecture('കേരള ചരിത്രം');
    const lecture = (await asAdmin('GET', `/api/admin/lecture/${id}`)).json();
    expect(lecture).toMatchObject({ _id: id, title: 'കേരള ചരിത്രം', isVisible: false, isPublished: false, videoResourceId: null, notes: [] });
    const list = (await asAdmin('GET', '/api/admin/lecture')).json();
    expect(list.find((l: { _id: string }) => l._id === id)).toMatchObject({ title: 'കേരള ചരിത്രം', notesCount: 0, videoState: null });
  });
});

describe('saving a lecture', () => {
  it('publishes a visible lecture with a processed video and a lecturer, taking name, size and duration from the file', async () => {
    const id = await createLecture();
    const video = await videoAsset('ready', 754);
    const saved = await asAdmin('PUT', `/api/admin/lecture/${id}`, value({ videoResourceId: video, videoFileName: 'ignored.mp4' }));
    expect(saved.json()).toEqual({
      version: expect.any(Number),
      isPublished: true,
      publishWarnings: [],
    });
    const lecture = (await asAdmin('GET', `/api/admin/lecture/${id}`)).json();
    expect(lecture).toMatchObject({ videoFileName: 'lesson.mp4', videoFileSizeInBytes: 52_428_800, videoDurationInMinutes: 13, isPublished: true });
  });

  it('keeps a lecture offline with warnings while its video is processed, and publishes it once the video is ready', async () => {
    const id = await createLecture();
    const video = await videoAsset('uploaded');
    const saved = await asAdmin('PUT', `/api/admin/lecture/${id}`, value({ videoResourceId: video }));
    expect(saved.json()).toEqual({
      version: expect.any(Number),
      isPublished: false,
      publishWarnings: [LECTURE_WARNINGS.videoProcessing],
    });
    await harness.db.updateTable('assets').set({ state: 'ready', duration_seconds: 125 }).where('id', '=', video).execute();
    await refreshLecturesForVideo(harness.database, { assetId: video });
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json()).toMatchObject({ isPublished: true, publishWarnings: [], videoDurationInMinutes: 2 });
  });

  it('lists every warning of an empty lecture', async () => {
    const id = await createLecture();
    const saved = await asAdmin('PUT', `/api/admin/lecture/${id}`, value({ lecturerName: '', enableYoutubePlayer: true }));
    expect(saved.json()).toEqual({
      version: expect.any(Number),
      isPublished: false,
      publishWarnings: [LECTURE_WARNINGS.noVideo, LECTURE_WARNINGS.youtubePlayerWithoutId, LECTURE_WARNINGS.noLecturer],
    });
  });

  it('takes a YouTube video id and refuses a link, changing nothing', async () => {
    const id = await createLecture();
    const refused = await asAdmin('PUT', `/api/admin/lecture/${id}`, value({ youtubeLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Changed' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Enter the YouTube video id only (11 characters, e.g. dQw4w9WgXcQ), not a link');
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json().title).toBe('Indian Constitution: Part 1');
    const saved = await asAdmin('PUT', `/api/admin/lecture/${id}`, value({ youtubeLink: 'dQw4w9WgXcQ', enableYoutubePlayer: true }));
    expect(saved.json()).toEqual({
      version: expect.any(Number),
      isPublished: true,
      publishWarnings: [],
    });
  });

  it('refuses files of the wrong kind and keeps notes with their file names and sizes', async () => {
    const id = await createLecture();
    const image = await uploadAsset('cover.png', TINY_PNG);
    const pdf = await uploadAsset('chapter-1.pdf', TINY_PDF);
    const wrongVideo = await asAdmin('PUT', `/api/admin/lecture/${id}`, value({ videoResourceId: image._id }));
    expect(wrongVideo.json().message).toBe('The video was not found');
    const saved = await asAdmin(
      'PUT',
      `/api/admin/lecture/${id}`,
      value({ bannerImageId: image._id, notes: [{ resId: 'n1', lectureResId: 'l1', pdfFileId: pdf._id, fileName: 'x', fileSizeInBytes: 1 }] }),
    );
    expect(saved.statusCode).toBe(200);
    const lecture = (await asAdmin('GET', `/api/admin/lecture/${id}`)).json();
    expect(lecture.notes).toEqual([{ resId: 'n1', lectureResId: 'l1', pdfFileId: pdf._id, fileName: 'chapter-1.pdf', fileSizeInBytes: TINY_PDF.length }]);
    expect(lecture.bannerImageFizeSizeInBytes).toBe(TINY_PNG.length);
  });

  it('answers 404 for an unknown lecture', async () => {
    const response = await asAdmin('PUT', '/api/admin/lecture/00000000-0000-4000-8000-000000000000', value());
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Lecture not found');
  });
});

describe('deleting a lecture', () => {
  it('removes it', async () => {
    const id = await createLecture();
    expect((await asAdmin('DELETE', `/api/admin/lecture/${id}`)).json()).toEqual({ status: 'deleted' });
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).statusCode).toBe(404);
  });
});
