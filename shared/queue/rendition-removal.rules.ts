import { isLecturePublished, type LecturePublishFacts } from '../lectures/lecture.rules.ts';

/** A lecture that shows a file's video, as the removal of that file's outputs sees it. */
export interface LectureOnVideo {
  id: string;
  title: string;
  isPublished: boolean;
  facts: LecturePublishFacts;
}

/**
 * The lectures that deleting a video's renditions takes offline: published now, and not published
 * once the video is back to uploaded (a lecture with a YouTube video stays published).
 */
export function lecturesTakenOffline<T extends LectureOnVideo>(lectures: readonly T[]): T[] {
  return lectures.filter((lecture) => lecture.isPublished && !isLecturePublished({ ...lecture.facts, videoState: 'uploaded' }));
}

/** The published lectures the caller did not agree to unpublish. */
export function unconfirmedUnpublishing<T extends { id: string }>(offline: readonly T[], confirmedIds: readonly string[]): T[] {
  const confirmed = new Set(confirmedIds);
  return offline.filter((lecture) => !confirmed.has(lecture.id));
}

function quotedList(titles: readonly string[]): string {
  const quoted = titles.map((title) => `“${title}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** The refusal when published lectures would go offline without the caller's agreement. */
export function unpublishNotConfirmedMessage(titles: readonly string[]): string {
  const [verb, play, it] = titles.length === 1 ? ['is', 'plays', 'it'] : ['are', 'play', 'them'];
  return `${quotedList(titles)} ${verb} published and ${play} this video: deleting its renditions unpublishes ${it}. Confirm unpublishing and try again.`;
}

/** What the confirmation says of the lectures that go offline (empty when none do). */
export function unpublishWarning(titles: readonly string[]): string {
  if (titles.length === 0) return '';
  const [verb, it] = titles.length === 1 ? ['is', 'it'] : ['are', 'them'];
  return `${quotedList(titles)} ${verb} published and ${titles.length === 1 ? 'plays' : 'play'} this video: deleting the renditions unpublishes ${it} until the video is processed again.`;
}
