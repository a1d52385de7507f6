import { TRPCClientError } from '@trpc/client';
import type { CurrentAffair, CurrentAffairValue } from '../../../../shared/current-affairs/current-affairs.schema.ts';
import { errorTypeOf } from '../../lib/errors.ts';
import { rateCardRecordDraft } from '../../components/editor-shell/rate-card-record.ts';

/** What staff edit of a post; the rest is derived by the server. */
export interface CurrentAffairDraft {
  title: string;
  isVisible: boolean;
  masterSubscription: string | null;
  bannerImageId: string | null;
  pdfFileId: string | null;
}

export function toDraft(post: CurrentAffair): CurrentAffairDraft {
  return {
    ...rateCardRecordDraft(post),
    bannerImageId: post.bannerImageId,
    pdfFileId: post.pdfFileId,
  };
}

/** The `value` of PUT /api/admin/current-affairs/{id}. */
export function toCurrentAffairValue(draft: CurrentAffairDraft): CurrentAffairValue {
  return { ...draft };
}

/** A save or create refused because the date has a post already: staff may confirm and send it again. */
export function isSameDateConflict(error: unknown): boolean {
  if (errorTypeOf(error) !== 'conflict' || !(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  const field = typeof data === 'object' && data !== null && 'field' in data ? data.field : undefined;
  return field === 'title' || field === 'value.title';
}
