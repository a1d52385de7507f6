import { columnFilterSchema, columnsMatch } from '../../shared/bulk/bulk.schema.ts';
import { shortPostDate } from '../../shared/current-affairs/current-affair-dates.rules.ts';
import { CURRENT_AFFAIR_FILTER_COLUMNS, currentAffairColumnTexts } from '../../shared/current-affairs/current-affair-list.rules.ts';
import type { CurrentAffair } from '../../shared/current-affairs/current-affairs.schema.ts';
import type { BulkResource } from '../bulk/bulk-resource.ts';
import { visibilitySteps } from '../bulk/visibility-steps.ts';
import { currentAffairTitles } from './current-affairs.repository.ts';
import { deleteCurrentAffair, getCurrentAffair, listCurrentAffairs, saveCurrentAffair } from './current-affairs.service.ts';

/** The post's editor fields, as the editor sends them back, with only the switch changed (its date stays, so no date is confirmed). */
function valueOf(post: CurrentAffair, isVisible: boolean) {
  return {
    title: post.title,
    isVisible,
    masterSubscription: post.masterSubscription?._id ?? null,
    bannerImageId: post.bannerImageId,
    pdfFileId: post.pdfFileId,
  };
}

export const currentAffairsFilterSchema = columnFilterSchema(CURRENT_AFFAIR_FILTER_COLUMNS);

/** Bulk publish, unpublish and delete on Current Affairs (filtered by date and by "PDF Uploaded"); a post is named by its date as shown. */
export const currentAffairsBulk: BulkResource<typeof currentAffairsFilterSchema> = {
  noun: 'posts',
  filter: currentAffairsFilterSchema,
  async findRows(ctx, ids) {
    return (await currentAffairTitles(ctx.db, ids)).map((row) => ({ id: row.id, title: shortPostDate(row.title) }));
  },
  async listMatching(ctx, filter) {
    return (await listCurrentAffairs(ctx))
      .filter((post) => columnsMatch(currentAffairColumnTexts(post), filter))
      .map((post) => ({ id: post._id, title: post.titleDisplay }));
  },
  actions: {
    ...visibilitySteps({
      read: (ctx, id) => getCurrentAffair(ctx, { id }),
      save: (ctx, id, post, isVisible) => saveCurrentAffair(ctx, { id, value: valueOf(post, isVisible), version: post.version, allowSameDate: false }),
      offline: 'The post stays offline',
    }),
    delete: (ctx, row) => deleteCurrentAffair(ctx, { id: row.id }).then(() => undefined),
  },
};
