import type { z } from 'zod';
import { isActionRequiredFromUser, winnerPublishWarnings } from '../../shared/winners/winner-publish.rules.ts';
import {
  WINNER_MESSAGES,
  type createWinnerInputSchema,
  type saveWinnerInputSchema,
  type Winner,
  type WinnerList,
} from '../../shared/winners/winners.schema.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { assetUrls } from '../access/asset-urls.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { isStillReferenced } from '../db/references.ts';
import { publishState } from '../editing/publish-state.ts';
import { refusedSave } from '../editing/versioned-save.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import type { AuditAction } from '../../shared/audit/audit.constants.ts';
import { auditBy, recordAudit, type AuditBy } from '../audit/audit-writer.ts';
import { publishAction } from '../audit/publish-action.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { assetsById } from '../lectures/lectures.repository.ts';
import * as repo from './winners.repository.ts';

export function toWinner(row: repo.WinnerRecord): Winner {
  return {
    _id: row.id,
    winnerName: row.winner_name,
    isPublic: row.is_public,
    isVisible: row.is_visible,
    isPublished: row.is_published,
    isActive: row.is_active,
    isActionRequiredFromUser: isActionRequiredFromUser({ isVisible: row.is_visible, hasUserConfirmed: row.has_user_confirmed }),
    claimMessage: row.claim_message,
    titleMessage: row.title_message,
    examTitle: row.exam_title,
    prizeAmount: Number(row.prize_amount),
    rank: row.rank,
    totalParticipants: row.total_participants,
    bannerImageId: row.banner_image_id,
    bannerImageFizeSizeInBytes: row.banner_size === null ? null : Number(row.banner_size),
    photoUrl: row.banner_image_id ? assetUrls.file(row.banner_image_id) : null,
    beneficiaryName: row.beneficiary_name,
    googlePayOrUPI: row.google_pay_or_upi,
    hasUserConfirmed: row.has_user_confirmed,
    userConfirmedAt: row.user_confirmed_at?.toISOString() ?? null,
    user: row.user_id ? { _id: row.user_id, name: row.user_name ?? '', phoneNumber: row.user_phone ?? '' } : null,
    publishWarnings: row.publish_warnings,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}

/** What the audit log compares: the editor's fields, without what is derived from them or shown alongside. */
const AUDIT_IGNORED = ['_id', 'isActionRequiredFromUser', 'bannerImageFizeSizeInBytes', 'photoUrl', 'user', 'userConfirmedAt'];
const auditedWinner = (row: repo.WinnerRecord | undefined) => (row ? { ...toWinner(row), user: undefined, student: row.user_id } : null);
const winnerTitle = (row: repo.WinnerRecord) => row.winner_name || row.exam_title || 'Winners list';

/** Records a change of one announcement, read again inside the change's transaction. */
async function auditWinner(
  trx: Transaction<Database>,
  by: AuditBy,
  action: AuditAction,
  before: repo.WinnerRecord | undefined,
  after: repo.WinnerRecord | undefined,
): Promise<void> {
  const row = (after ?? before)!;
  await recordAudit(trx, by, {
    action,
    resourceType: 'winner',
    resourceId: row.id,
    title: winnerTitle(row),
    changes: changedFields(auditedWinner(before), auditedWinner(after), AUDIT_IGNORED),
  });
}

export async function winnerOrThrow(db: Db, id: string): Promise<repo.WinnerRecord> {
  const row = UUID_PATTERN.test(id) ? await repo.findWinnerRow(db, id) : undefined;
  if (!row) throw new AppError('not-found', WINNER_MESSAGES.notFound);
  return row;
}

/** GET /api/admin/winners: every announcement, newest first, and which one is active. */
export async function listWinners(ctx: AppContext): Promise<WinnerList> {
  const rows = await repo.listWinnerRows(ctx.db);
  return { items: rows.map(toWinner), activeId: rows.find((row) => row.is_active)?.id ?? null };
}

export async function getWinner(ctx: AppContext, { id }: { id: string }): Promise<Winner> {
  return toWinner(await winnerOrThrow(ctx.db, id));
}

/**
 * POST /api/admin/winners: a draft, from a student on the All users table (with the day's
 * messages) or blank from the listing's New Item. Hidden until staff publish it.
 */
export async function createWinner(ctx: RequestContext, input: z.output<typeof createWinnerInputSchema>): Promise<{ _id: string }> {
  const by = await auditBy(ctx);
  const actor = by.actor;
  const student = input.user ? await repo.findStudent(ctx.db, input.user) : undefined;
  if (input.user && !student) throw new AppError('validation', WINNER_MESSAGES.studentNotFound, { field: 'user' });
  const warnings = winnerPublishWarnings({ hasStudent: Boolean(student), winnerName: input.winnerName, titleMessage: input.titleMessage, hasPhoto: false });
  const id = await ctx.db.transaction().execute(async (trx) => {
    const created = await repo.insertWinner(trx, {
      user_id: student?.id ?? null,
      winner_name: input.winnerName,
      claim_message: input.claimMessage,
      title_message: input.titleMessage,
      exam_title: input.examTitle,
      rank: input.rank,
      total_participants: input.totalParticipants,
      publish_warnings: warnings,
      created_by: actor?.id ?? null,
      updated_by: actor?.id ?? null,
    });
    await auditWinner(trx, by, 'create', undefined, await repo.findWinnerRow(trx, created));
    return created;
  });
  return { _id: id };
}

/** PUT /api/admin/winners/{id} {value}: the whole announcement; the server decides whether it is published. */
export async function saveWinner(ctx: RequestContext, { id, value, version }: { id: string } & z.output<typeof saveWinnerInputSchema>) {
  const by = await auditBy(ctx);
  await winnerOrThrow(ctx.db, id);
  try {
    return await saveLocked(ctx, { id, value, version }, by);
  } catch (error) {
    // The photo is share-locked below; a foreign key can still refuse if a check and a delete crossed.
    if (isStillReferenced(error)) throw new AppError('validation', 'The photo was deleted meanwhile: upload it again', { field: 'value.bannerImageId' });
    throw error;
  }
}

function saveLocked(ctx: RequestContext, { id, value, version }: { id: string } & z.output<typeof saveWinnerInputSchema>, by: AuditBy) {
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockWinner(trx, id);
    if (!locked) throw new AppError('not-found', WINNER_MESSAGES.notFound);
    const before = await repo.findWinnerRow(trx, id);
    const assets = await assetsById(trx, [value.bannerImageId], { share: true });
    const photo = value.bannerImageId ? assets.get(value.bannerImageId) : undefined;
    if (value.bannerImageId && !photo) throw new AppError('validation', 'The photo was not found', { field: 'value.bannerImageId' });
    // Every student sees the photo of the day's winner: it must be an image anyone may open.
    if (photo && (photo.kind !== 'image' || photo.access_mode !== 'public'))
      throw new AppError('validation', 'The photo must be an image uploaded for public access', { field: 'value.bannerImageId' });
    const warnings = winnerPublishWarnings({
      hasStudent: locked.user_id !== null,
      winnerName: value.winnerName,
      titleMessage: value.titleMessage,
      hasPhoto: value.bannerImageId !== null,
    });
    const { isPublished, columns: publishColumns } = publishState(value.isVisible, warnings);
    const confirmedNow = value.hasUserConfirmed && !locked.has_user_confirmed;
    const saved = await repo.updateWinnerAtVersion(
      trx,
      id,
      {
        winner_name: value.winnerName,
        is_public: value.isPublic,
        ...publishColumns,
        claim_message: value.claimMessage,
        title_message: value.titleMessage,
        exam_title: value.examTitle,
        prize_amount: value.prizeAmount,
        rank: value.rank,
        total_participants: value.totalParticipants,
        banner_image_id: value.bannerImageId,
        beneficiary_name: value.beneficiaryName,
        google_pay_or_upi: value.googlePayOrUPI,
        has_user_confirmed: value.hasUserConfirmed,
        ...(confirmedNow ? { user_confirmed_at: new Date() } : value.hasUserConfirmed ? {} : { user_confirmed_at: null }),
        updated_by: by.actor?.id ?? null,
      },
      version,
    );
    if (!saved) throw await refusedSave(trx, 'winner_announcements', id, 'announcement', WINNER_MESSAGES.notFound);
    await auditWinner(trx, by, publishAction(before!.is_published, isPublished), before, await repo.findWinnerRow(trx, id));
    return {
      isPublished,
      publishWarnings: warnings,
      isActionRequiredFromUser: isActionRequiredFromUser({ isVisible: value.isVisible, hasUserConfirmed: value.hasUserConfirmed }),
      version: saved.version,
    };
  });
}

/** DELETE /api/admin/winners/{id}: refused while it is the active announcement. */
export async function deleteWinner(ctx: RequestContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  const by = await auditBy(ctx);
  const row = await winnerOrThrow(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    // Locked first, so that an activation at the same moment waits and then finds it gone.
    if (!(await repo.lockWinner(trx, row.id))) throw new AppError('not-found', WINNER_MESSAGES.notFound);
    if ((await repo.activeId(trx)) === row.id) throw new AppError('has-warnings', WINNER_MESSAGES.deleteActive, { warnings: [WINNER_MESSAGES.deleteActive] });
    const before = await repo.findWinnerRow(trx, row.id);
    await repo.deleteWinnerRow(trx, row.id);
    await auditWinner(trx, by, 'delete', before, undefined);
  });
  return { status: 'deleted' };
}

/**
 * PUT /api/admin/winners/activate/{id}: makes it the one active announcement (replacing any other).
 * Only a published announcement may be active: students would see nothing otherwise.
 */
export async function activateWinner(ctx: RequestContext, { id }: { id: string }): Promise<{ activeId: string | null }> {
  const by = await auditBy(ctx);
  await winnerOrThrow(ctx.db, id);
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.shareLockWinner(trx, id);
    if (!locked) throw new AppError('not-found', WINNER_MESSAGES.notFound);
    if (!locked.is_published) throw new AppError('conflict', WINNER_MESSAGES.activateUnpublished);
    await repo.lockActive(trx);
    const previousId = await repo.activeId(trx);
    if (previousId === id) return { activeId: id };
    const previous = previousId ? await repo.findWinnerRow(trx, previousId) : undefined;
    const before = await repo.findWinnerRow(trx, id);
    await repo.setActive(trx, id, by.actor?.id ?? null);
    const after = await repo.findWinnerRow(trx, id);
    if (previous) await auditWinner(trx, by, 'deactivate', previous, await repo.findWinnerRow(trx, previous.id));
    await auditWinner(trx, by, 'activate', before, after);
    return { activeId: id };
  });
}

/** PUT /api/admin/winners/deactivate: no announcement is active afterwards. */
export async function deactivateWinner(ctx: RequestContext): Promise<{ activeId: string | null }> {
  const by = await auditBy(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockActive(trx);
    const previousId = await repo.activeId(trx);
    const before = previousId ? await repo.findWinnerRow(trx, previousId) : undefined;
    await repo.clearActive(trx);
    if (before) await auditWinner(trx, by, 'deactivate', before, await repo.findWinnerRow(trx, before.id));
  });
  return { activeId: null };
}
