// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import type { Lecture } from '../../../shared/lectures/lectures.schema.ts';
import { deleteFailedNotice } from '../../../client/src/features/lectures/lecture-editor.tsx';
import { toDraft, toLectureValue } from '../../../client/src/features/lectures/lecture-draft.ts';
import { newResId } from '../../../client/src/lib/res-id.ts';
import { sameDraft } from '../../../client/src/lib/same-draft.ts';
import { notesLabel } from '../../../client/src/features/lectures/lecture-labels.ts';
import { lectureEditorPath } from '../../../client/src/features/lectures/lecture-paths.ts';

const lecture: Lecture = {
  _id: '6f1c4a52-6f0e-4b5e-9d8c-0c2b7d7e9a11',
  version: 1,
  resId: 'lec-1',
  title: 'Fundamental Rights',
  isPublished: false,
  isVisible: true,
  publishWarnings: ['No lecturer: choose the lecturer of this lecture'],
  masterSubscription: null,
  lecturerId: null,
  lecturerName: '',
  bannerImageId: null,
  bannerImageFizeSizeInBytes: null,
  youtubeLink: null,
  enableYoutubePlayer: false,
  videoResourceId: null,
  videoFileName: null,
  videoFileSizeInBytes: null,
  videoDurationInMinutes: null,
  notes: [],
  exams: [],
  missingPdfs: [],
  inCustomCollection: false,
  __coursesAttachedTo: [[]],
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('lecture draft', () => {
  it('edits the fields the editor saves and sends them as the value', () => {
    const draft = toDraft(lecture);
    expect(draft.youtubeLink).toBe('');
    expect(toLectureValue({ ...draft, youtubeLink: 'dQw4w9WgXcQ' })).toMatchObject({
      title: 'Fundamental Rights',
      isVisible: true,
      youtubeLink: 'dQw4w9WgXcQ',
      videoResourceId: null,
      notes: [],
    });
  });

  it('tells an edited draft from the saved one', () => {
    const draft = toDraft(lecture);
    expect(sameDraft(draft, toDraft(lecture))).toBe(true);
    expect(sameDraft(draft, { ...draft, title: 'Directive Principles' })).toBe(false);
  });

  it('makes distinct note ids', () => {
    const ids = new Set(Array.from({ length: 50 }, newResId));
    expect(ids.size).toBe(50);
    expect([...ids][0]).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('lecture editor notices', () => {
  it('lists the warnings of a has-warnings delete failure', () => {
    const error = TRPCClientError.from({
      error: { code: -32009, message: 'In use', data: { httpStatus: 409, type: 'has-warnings', warnings: ['Used by a course'] } },
    });
    expect(deleteFailedNotice(error)).toMatchObject({ kind: 'error', warnings: ['Used by a course'] });
  });

  it('falls back on the connection hint when the server did not answer', () => {
    expect(deleteFailedNotice(TRPCClientError.from(new TypeError('Failed to fetch')))).toMatchObject({
      text: 'Unknown error. Check your connection and try again.',
    });
  });
});

describe('lecture labels and paths', () => {
  it("counts notes or says 'No Notes Attached'", () => {
    expect(notesLabel(0)).toBe('No Notes Attached');
    expect(notesLabel(1)).toBe('1 note');
    expect(notesLabel(4)).toBe('4 notes');
  });

  it('keeps type=v1 on the editor links', () => {
    expect(lectureEditorPath('abc')).toBe('/admin/videos/lectures/abc');
    expect(lectureEditorPath('abc', { mode: 'general', embedded: true })).toBe('/admin/videos/lectures/abc/general?type=v1');
  });
});
