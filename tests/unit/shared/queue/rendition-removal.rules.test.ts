import { describe, expect, it } from 'vitest';
import {
  lecturesTakenOffline,
  unconfirmedUnpublishing,
  unpublishNotConfirmedMessage,
  unpublishWarning,
} from '../../../../shared/queue/rendition-removal.rules.ts';

const facts = { isVisible: true, hasLecturer: true, youtubeId: null, enableYoutubePlayer: false, videoState: 'ready' };

describe('lecturesTakenOffline', () => {
  it('is the published lectures that the video alone keeps published', () => {
    const lectures = [
      { id: 'a', title: 'Published', isPublished: true, facts },
      { id: 'b', title: 'Hidden', isPublished: false, facts: { ...facts, isVisible: false } },
      { id: 'c', title: 'On YouTube too', isPublished: true, facts: { ...facts, youtubeId: 'dQw4w9WgXcQ' } },
    ];
    expect(lecturesTakenOffline(lectures).map((lecture) => lecture.id)).toEqual(['a']);
  });
});

describe('unconfirmedUnpublishing', () => {
  it('lists what the caller did not name', () => {
    expect(unconfirmedUnpublishing([{ id: 'a' }, { id: 'b' }], ['a'])).toEqual([{ id: 'b' }]);
    expect(unconfirmedUnpublishing([{ id: 'a' }], ['a', 'z'])).toEqual([]);
  });
});

describe('the messages', () => {
  it('name one lecture or several', () => {
    expect(unpublishNotConfirmedMessage(['Rivers'])).toBe(
      '“Rivers” is published and plays this video: deleting its renditions unpublishes it. Confirm unpublishing and try again.',
    );
    expect(unpublishNotConfirmedMessage(['A', 'B', 'C'])).toBe(
      '“A”, “B” and “C” are published and play this video: deleting its renditions unpublishes them. Confirm unpublishing and try again.',
    );
    expect(unpublishWarning([])).toBe('');
    expect(unpublishWarning(['Rivers'])).toBe(
      '“Rivers” is published and plays this video: deleting the renditions unpublishes it until the video is processed again.',
    );
    expect(unpublishWarning(['A', 'B'])).toBe(
      '“A” and “B” are published and play this video: deleting the renditions unpublishes them until the video is processed again.',
    );
  });
});
