/** What the publish rules need to know of a lecture and its video. */
export interface LecturePublishFacts {
  isVisible: boolean;
  hasLecturer: boolean;
  youtubeId: string | null;
  enableYoutubePlayer: boolean;
  /** State of the uploaded video file, or null when none is attached. */
  videoState: string | null;
}

export const LECTURE_WARNINGS = {
  noVideo: 'No video: upload a video or enter a YouTube video id',
  videoProcessing: 'The video is still being processed',
  videoFailed: 'The video could not be processed: queue it again or upload another file',
  youtubePlayerWithoutId: 'The YouTube player is switched on but there is no YouTube video id',
  noLecturer: 'No lecturer: choose the lecturer of this lecture',
} as const;

/**
 * The blockers a student would notice. A lecture is published when it is visible and
 * has none of them; warnings are listed even for a hidden lecture, so that the editor
 * can show what stands in the way before it is switched on.
 */
export function lecturePublishWarnings(facts: LecturePublishFacts): string[] {
  const warnings: string[] = [];
  const playableVideo = facts.videoState === 'ready';
  if (!playableVideo && !facts.youtubeId) {
    if (facts.videoState === 'failed') warnings.push(LECTURE_WARNINGS.videoFailed);
    else if (facts.videoState !== null) warnings.push(LECTURE_WARNINGS.videoProcessing);
    else warnings.push(LECTURE_WARNINGS.noVideo);
  }
  if (facts.enableYoutubePlayer && !facts.youtubeId) warnings.push(LECTURE_WARNINGS.youtubePlayerWithoutId);
  if (!facts.hasLecturer) warnings.push(LECTURE_WARNINGS.noLecturer);
  return warnings;
}

export function isLecturePublished(facts: LecturePublishFacts): boolean {
  return facts.isVisible && lecturePublishWarnings(facts).length === 0;
}
