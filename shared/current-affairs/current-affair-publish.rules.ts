import { CURRENT_AFFAIR_WARNINGS } from './current-affairs.schema.ts';

export interface CurrentAffairPublishFacts {
  hasPdf: boolean;
  hasCoverImage: boolean;
}

/**
 * The blockers a student would notice, one per missing thing: the PDF they open, and the cover
 * art the list shows. A post is published when it is visible and has none; they are listed for a
 * hidden post too, so staff see what is missing before they switch it on. No rate card is not a
 * blocker: such a post is free for every signed-in student.
 */
export function currentAffairPublishWarnings(facts: CurrentAffairPublishFacts): string[] {
  const warnings: string[] = [];
  if (!facts.hasPdf) warnings.push(CURRENT_AFFAIR_WARNINGS.noPdf);
  if (!facts.hasCoverImage) warnings.push(CURRENT_AFFAIR_WARNINGS.noCoverImage);
  return warnings;
}

/** Published: switched visible and nothing missing. */
export function isCurrentAffairPublished(isVisible: boolean, warnings: readonly string[]): boolean {
  return isVisible && warnings.length === 0;
}
