import type { RankFile, RankFileValue } from '../../../../shared/rank-files/rank-files.schema.ts';
import { sameWhenSent } from '../../lib/same-draft.ts';
import { rateCardRecordDraft } from '../../components/editor-shell/rate-card-record.ts';

export interface DraftGroup {
  /** Stable across moves, for React. */
  key: string;
  resId: string | undefined;
  title: string;
  description: string;
  exam: string | null;
  examTitle: string | null;
  examIsPublished: boolean | null;
}

export interface RankFileDraft {
  title: string;
  isVisible: boolean;
  masterSubscription: string | null;
  description: string;
  sortIndex: string;
  bannerImageId: string | null;
  groups: DraftGroup[];
}

let keys = 0;
export const newGroupKey = () => `group-${(keys += 1)}`;

export function toDraft(file: RankFile): RankFileDraft {
  return {
    ...rateCardRecordDraft(file),
    description: file.description,
    sortIndex: file.sortIndex,
    bannerImageId: file.bannerImageId,
    groups: file.groups.map((group) => ({ key: group.resId, ...group })),
  };
}

/** The body of PUT /api/admin/rankfiles/{id}: `{ value }`. */
export function toRankFileValue(draft: RankFileDraft): RankFileValue {
  return {
    title: draft.title,
    isVisible: draft.isVisible,
    masterSubscription: draft.masterSubscription,
    description: draft.description,
    sortIndex: draft.sortIndex,
    bannerImageId: draft.bannerImageId,
    groups: draft.groups.map((group) => ({
      ...(group.resId ? { resId: group.resId } : {}),
      title: group.title,
      description: group.description,
      exam: group.exam,
    })),
  };
}

/** Two drafts hold the same rank file (group keys aside, which only tell React what moved). */
export const sameRankFileDraft = sameWhenSent(toRankFileValue);
