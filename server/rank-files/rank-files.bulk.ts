import { titleFilterSchema, titleMatches } from '../../shared/bulk/bulk.schema.ts';
import type { RankFile } from '../../shared/rank-files/rank-files.schema.ts';
import type { BulkResource } from '../bulk/bulk-resource.ts';
import { visibilitySteps } from '../bulk/visibility-steps.ts';
import { rankFileTitles } from './rank-files.repository.ts';
import { deleteRankFile, getRankFile, listRankFiles, saveRankFile } from './rank-files.service.ts';

/** The rank file's editor fields, as the editor sends them back, with only the switch changed. */
function valueOf(file: RankFile, isVisible: boolean) {
  return {
    title: file.title,
    isVisible,
    masterSubscription: file.masterSubscription?._id ?? null,
    description: file.description,
    sortIndex: file.sortIndex,
    bannerImageId: file.bannerImageId,
    groups: file.groups.map((group) => ({ resId: group.resId, title: group.title, description: group.description, exam: group.exam })),
  };
}

/** Bulk publish, unpublish and delete on the Rank File Manager (filtered by title). */
export const rankFilesBulk: BulkResource<typeof titleFilterSchema> = {
  noun: 'rank files',
  filter: titleFilterSchema,
  findRows: (ctx, ids) => rankFileTitles(ctx.db, ids),
  async listMatching(ctx, filter) {
    return (await listRankFiles(ctx)).filter((file) => titleMatches(file.title, filter)).map((file) => ({ id: file._id, title: file.title }));
  },
  actions: {
    ...visibilitySteps({
      read: (ctx, id) => getRankFile(ctx, { id }),
      save: (ctx, id, file, isVisible) => saveRankFile(ctx, { id, value: valueOf(file, isVisible), version: file.version }),
      offline: 'The rank file stays offline',
    }),
    delete: (ctx, row) => deleteRankFile(ctx, { id: row.id }).then(() => undefined),
  },
};
