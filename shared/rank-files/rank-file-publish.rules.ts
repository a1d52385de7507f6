import { RANK_FILE_WARNINGS } from './rank-files.schema.ts';

export interface RankFilePublishFacts {
  isVisible: boolean;
  hasRateCard: boolean;
  groups: ReadonlyArray<{ title: string; exam: { title: string; isPublished: boolean } | null }>;
}

/**
 * The blockers a student would notice, one per missing thing. A rank file is published when it
 * is visible and has none; they are listed for a hidden one too.
 */
export function rankFilePublishWarnings(facts: RankFilePublishFacts): string[] {
  const warnings: string[] = [];
  if (facts.groups.length === 0) warnings.push(RANK_FILE_WARNINGS.noGroups);
  facts.groups.forEach((group, index) => {
    if (!group.exam) warnings.push(RANK_FILE_WARNINGS.groupWithoutExam(group.title || `Group ${index + 1}`));
    else if (!group.exam.isPublished) warnings.push(RANK_FILE_WARNINGS.unpublishedExam(group.exam.title));
  });
  if (!facts.hasRateCard) warnings.push(RANK_FILE_WARNINGS.noRateCard);
  return warnings;
}
