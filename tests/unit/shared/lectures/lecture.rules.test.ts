import { describe, expect, it } from 'vitest';
import { isLecturePublished, LECTURE_WARNINGS, lecturePublishWarnings } from '../../../../shared/lectures/lecture.rules.ts';

const base = { isVisible: true, hasLecturer: true, youtubeId: null, enableYoutubePlayer: false, videoState: 'ready' };

describe('lecturePublishWarnings', () => {
  it('has none for a visible lecture with a lecturer and a processed video', () => {
    expect(lecturePublishWarnings(base)).toEqual([]);
    expect(isLecturePublished(base)).toBe(true);
  });

  it('accepts a YouTube id instead of an uploaded video', () => {
    expect(lecturePublishWarnings({ ...base, videoState: null, youtubeId: 'dQw4w9WgXcQ', enableYoutubePlayer: true })).toEqual([]);
  });

  it('names each missing thing a student would notice', () => {
    expect(lecturePublishWarnings({ ...base, videoState: null })).toEqual([LECTURE_WARNINGS.noVideo]);
    expect(lecturePublishWarnings({ ...base, videoState: 'processing' })).toEqual([LECTURE_WARNINGS.videoProcessing]);
    expect(lecturePublishWarnings({ ...base, videoState: 'uploaded' })).toEqual([LECTURE_WARNINGS.videoProcessing]);
    expect(lecturePublishWarnings({ ...base, videoState: 'failed' })).toEqual([LECTURE_WARNINGS.videoFailed]);
    expect(lecturePublishWarnings({ ...base, enableYoutubePlayer: true })).toEqual([LECTURE_WARNINGS.youtubePlayerWithoutId]);
    expect(lecturePublishWarnings({ ...base, hasLecturer: false })).toEqual([LECTURE_WARNINGS.noLecturer]);
  });

  it('is not published while hidden, whatever the warnings', () => {
    expect(isLecturePublished({ ...base, isVisible: false })).toBe(false);
    expect(lecturePublishWarnings({ ...base, isVisible: false })).toEqual([]);
  });
});
