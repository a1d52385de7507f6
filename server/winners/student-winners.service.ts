import { toPaise } from '../../shared/commerce/money.ts';
import { pageOfList, type StudentPageQuery } from '../../shared/validation/paging.ts';
import type { z } from 'zod';
import { isActionRequiredFromUser } from '../../shared/winners/winner-publish.rules.ts';
import { WINNER_MESSAGES, type confirmWinnerInputSchema, type OwnWinner } from '../../shared/winners/winners.schema.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import { assetUrls } from '../access/asset-urls.ts';
import { requireActor } from '../access/access.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { consumeRateLimit } from '../rate-limit/rate-limit.service.ts';
import * as repo from './winners.repository.ts';

/** Confirmations a winner may send: this many in this window. */
export const CONFIRM_LIMIT = { max: 10, windowSeconds: 10 * 60 };

/** The alert's resource type: its View link opens the announcement's editor. */
export const WINNER_ALERT_RESOURCE = 'winner-announcement';

function publicPart(row: repo.WinnerRecord) {
  return {
    _id: row.id,
    winnerName: row.winner_name,
    titleMessage: row.title_message,
    examTitle: row.exam_title,
    prizePaise: toPaise(Number(row.prize_amount)),
    rank: row.rank,
    totalParticipants: row.total_participants,
    photoUrl: row.banner_image_id ? assetUrls.file(row.banner_image_id) : null,
  };
}

function ownPart(row: repo.WinnerRecord): OwnWinner {
  return {
    ...publicPart(row),
    claimMessage: row.claim_message,
    isPublic: row.is_public,
    isActive: row.is_active,
    isActionRequiredFromUser: isActionRequiredFromUser({ isVisible: row.is_visible, hasUserConfirmed: row.has_user_confirmed }),
    beneficiaryName: row.beneficiary_name,
    googlePayOrUPI: row.google_pay_or_upi,
    hasUserConfirmed: row.has_user_confirmed,
  };
}

/** GET /api/student/winners/active: the day's winner as every student sees it, or null. */
export async function activePublicWinner(ctx: RequestContext) {
  await requireActor(ctx);
  const row = await repo.activePublicWinner(ctx.db);
  return { winner: row ? publicPart(row) : null };
}

/** GET /api/student/winners/mine: the student's own published announcements and what each asks of them. */
export async function ownWinners(ctx: RequestContext, query: StudentPageQuery) {
  const actor = await requireActor(ctx);
  return pageOfList((await repo.ownWinnerRows(ctx.db, actor.id)).map(ownPart), query);
}

/** One of the student's own published announcements; anyone else's is not found (404), not forbidden. */
async function ownWinnerOrThrow(ctx: RequestContext, id: string) {
  const actor = await requireActor(ctx);
  const row = UUID_PATTERN.test(id) ? await repo.findWinnerRow(ctx.db, id) : undefined;
  if (!row || row.user_id !== actor.id || !row.is_published) throw new AppError('not-found', WINNER_MESSAGES.notFound);
  return { actor, row };
}

export async function ownWinner(ctx: RequestContext, { id }: { id: string }): Promise<OwnWinner> {
  return ownPart((await ownWinnerOrThrow(ctx, id)).row);
}

/**
 * POST /api/student/winners/{id}/confirm: the winner agrees to the listing and gives the
 * beneficiary name and UPI id; staff get an alert with a link to the announcement. Sending the
 * same details again changes nothing and raises no second alert.
 */
export async function confirmWinner(ctx: RequestContext, { id, ...input }: { id: string } & z.output<typeof confirmWinnerInputSchema>): Promise<OwnWinner> {
  const { actor, row } = await ownWinnerOrThrow(ctx, id);
  await consumeRateLimit(ctx.db, { key: `winner-confirm:${actor.id}`, ...CONFIRM_LIMIT, message: WINNER_MESSAGES.tooMany });
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockWinnerPayout(trx, row.id);
    if (!locked) throw new AppError('not-found', WINNER_MESSAGES.notFound);
    const same = locked.has_user_confirmed && locked.beneficiary_name === input.beneficiaryName && locked.google_pay_or_upi === input.googlePayOrUPI;
    if (same) return;
    // A new version: an editor opened before this cannot save over the winner's details unawares (409 naming the student).
    await repo.confirmWinnerPayout(trx, row.id, {
      beneficiary_name: input.beneficiaryName,
      google_pay_or_upi: input.googlePayOrUPI,
      has_user_confirmed: true,
      user_confirmed_at: new Date(),
      updated_by: actor.id,
    });
    const who = actor.name || row.user_name || row.winner_name;
    await raiseAlert(trx, {
      // The payout details stay in the announcement, which only administrators open; every console role reads alerts.
      message: `${who} confirmed the winner announcement “${row.title_message || row.winner_name}” and gave the payout details`,
      resourceType: WINNER_ALERT_RESOURCE,
      resourceId: row.id,
    });
  });
  return ownPart((await repo.findWinnerRow(ctx.db, row.id))!);
}
