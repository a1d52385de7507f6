import { columnFilterSchema, columnsMatch } from '../../shared/bulk/bulk.schema.ts';
import { winnerDisplayName } from '../../shared/winners/winner-publish.rules.ts';
import { WINNER_FILTER_COLUMNS, winnerColumnTexts } from '../../shared/winners/winner-list.rules.ts';
import type { Winner } from '../../shared/winners/winners.schema.ts';
import type { BulkResource } from '../bulk/bulk-resource.ts';
import { visibilitySteps } from '../bulk/visibility-steps.ts';
import { winnerNames } from './winners.repository.ts';
import { deleteWinner, getWinner, listWinners, saveWinner } from './winners.service.ts';

/** The announcement's editor fields, as the editor sends them back, with only the switch changed. */
function valueOf(winner: Winner, isVisible: boolean) {
  return {
    winnerName: winner.winnerName,
    isPublic: winner.isPublic,
    isVisible,
    claimMessage: winner.claimMessage,
    titleMessage: winner.titleMessage,
    examTitle: winner.examTitle,
    prizeAmount: winner.prizeAmount,
    rank: winner.rank,
    totalParticipants: winner.totalParticipants,
    bannerImageId: winner.bannerImageId,
    beneficiaryName: winner.beneficiaryName,
    googlePayOrUPI: winner.googlePayOrUPI,
    hasUserConfirmed: winner.hasUserConfirmed,
  };
}

export const winnersFilterSchema = columnFilterSchema(WINNER_FILTER_COLUMNS);

/**
 * Bulk publish, unpublish and delete on Winner Announcements (filtered by any of its columns).
 * Activate and Deactivate stay single: one announcement is active at a time.
 */
export const winnersBulk: BulkResource<typeof winnersFilterSchema> = {
  noun: 'announcements',
  filter: winnersFilterSchema,
  async findRows(ctx, ids) {
    return (await winnerNames(ctx.db, ids)).map((row) => ({ id: row.id, title: winnerDisplayName(row.winner_name) }));
  },
  async listMatching(ctx, filter) {
    return (await listWinners(ctx)).items
      .filter((winner) => columnsMatch(winnerColumnTexts(winner), filter))
      .map((winner) => ({ id: winner._id, title: winnerDisplayName(winner.winnerName) }));
  },
  actions: {
    ...visibilitySteps({
      read: (ctx, id) => getWinner(ctx, { id }),
      save: (ctx, id, winner, isVisible) => saveWinner(ctx, { id, value: valueOf(winner, isVisible), version: winner.version }),
      offline: 'The announcement stays offline',
    }),
    delete: (ctx, row) => deleteWinner(ctx, { id: row.id }).then(() => undefined),
  },
};
