import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ANALYTICS_TOP } from '../../shared/exams/exam.constants.ts';
import { utcIso } from '../../shared/validation/date-time.ts';
import { pageOfList, type StudentPageQuery } from '../../shared/validation/paging.ts';
import { rankFilePublishWarnings } from '../../shared/rank-files/rank-file-publish.rules.ts';
import { forgetAllCourses } from '../course-state/student-course-cache.ts';
import {
  RANK_FILE_MESSAGES,
  type createRankFileInputSchema,
  type RankFile,
  type RankFileListEntry,
  type RankFileRankingRow,
  type saveRankFileInputSchema,
  type SavedRankFile,
} from '../../shared/rank-files/rank-files.schema.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { assetUrls } from '../access/asset-urls.ts';
import { requireActor } from '../access/access.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { isStillReferenced } from '../db/references.ts';
import type { RankFileRow } from '../db/types.ts';
import { publishState } from '../editing/publish-state.ts';
import { refusedSave } from '../editing/versioned-save.ts';
import { AppError } from '../errors.ts';
import { assetsById } from '../lectures/lectures.repository.ts';
import * as repo from './rank-files.repository.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import type { AuditAction } from '../../shared/audit/audit.constants.ts';
import { auditBy, recordAudit, type AuditBy } from '../audit/audit-writer.ts';
import { publishAction } from '../audit/publish-action.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

type RankState = { isRankPublished: boolean; lastRankRefresh: number | null; totalParticipants: number };

function rankState(row: { is_rank_published: boolean; last_rank_refresh: Date | null; rank_participants: number }): RankState {
  return { isRankPublished: row.is_rank_published, lastRankRefresh: row.last_rank_refresh?.getTime() ?? null, totalParticipants: row.rank_participants };
}

async function rankFileOrThrow(db: Db, id: string): Promise<RankFileRow> {
  const row = UUID_PATTERN.test(id) ? await repo.findRankFileRow(db, id) : undefined;
  if (!row) throw new AppError('not-found', RANK_FILE_MESSAGES.notFound);
  return row;
}

export async function listRankFiles(ctx: AppContext): Promise<RankFileListEntry[]> {
  const rows = await repo.listRankFileRows(ctx.db);
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    isPublished: row.is_published,
    thumbnailUrl: row.banner_image_id ? assetUrls.file(row.banner_image_id) : null,
    masterSubscription: row.card_id ? { _id: row.card_id, title: row.card_title ?? '' } : null,
    createdAt: row.created_at.toISOString(),
  }));
}

/** Records a change of one rank file (as its editor shows it before and after), last in its transaction. */
async function auditRankFile(trx: Transaction<Database>, by: AuditBy, action: AuditAction, before: RankFile | null, after: RankFile | null) {
  const file = (after ?? before)!;
  await recordAudit(trx, by, {
    action,
    resourceType: 'rank-file',
    resourceId: file._id,
    title: file.title,
    changes: changedFields(before, after, ['_id', 'createdAt', 'bannerImageFizeSizeInBytes']),
  });
}

export async function createRankFile(ctx: RequestContext, input: z.output<typeof createRankFileInputSchema>): Promise<{ _id: string }> {
  const by = await auditBy(ctx);
  const actorId = by.actor?.id ?? null;
  const warnings = rankFilePublishWarnings({ isVisible: false, hasRateCard: false, groups: [] });
  const id = await ctx.db.transaction().execute(async (trx) => {
    const created = await repo.insertRankFile(trx, { title: input.title, publish_warnings: warnings, created_by: actorId, updated_by: actorId });
    await auditRankFile(trx, by, 'create', null, await rankFileView(trx, created));
    return created;
  });
  return { _id: id };
}

export async function getRankFile(ctx: AppContext, { id }: { id: string }): Promise<RankFile> {
  return rankFileView(ctx.db, id);
}

/** The rank file as its editor shows it. */
async function rankFileView(db: Db, id: string): Promise<RankFile> {
  const row = await rankFileOrThrow(db, id);
  const [groups, card, assets] = await Promise.all([
    repo.groupRows(db, row.id),
    row.master_subscription_id ? repo.rateCardOf(db, row.master_subscription_id) : Promise.resolve(undefined),
    assetsById(db, [row.banner_image_id]),
  ]);
  const banner = row.banner_image_id ? assets.get(row.banner_image_id) : undefined;
  return {
    _id: row.id,
    title: row.title,
    isPublished: row.is_published,
    isVisible: row.is_visible,
    publishWarnings: row.publish_warnings,
    masterSubscription: card ? { _id: card.id, title: card.title, netAmount: Number(card.net_amount) } : null,
    description: row.description,
    sortIndex: row.sort_index,
    bannerImageId: row.banner_image_id,
    bannerImageFizeSizeInBytes: banner ? Number(banner.size_in_bytes) : null,
    groups: groups.map((group) => ({
      resId: group.res_id,
      title: group.title,
      description: group.description,
      exam: group.exam_id,
      examTitle: group.exam_title,
      examIsPublished: group.exam_is_published,
    })),
    ...rankState(row),
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}

/** PUT /api/admin/rankfiles/{id} {value}: the whole rank file with its groups; the server decides its publish state. */
export async function saveRankFile(
  ctx: RequestContext,
  { id, value, version }: { id: string } & z.output<typeof saveRankFileInputSchema>,
): Promise<SavedRankFile> {
  const by = await auditBy(ctx);
  await rankFileOrThrow(ctx.db, id);
  const examIds = value.groups.map((group) => group.exam).filter((examId): examId is string => examId !== null);
  if (new Set(examIds).size < examIds.length) throw new AppError('validation', 'An exam is in more than one group', { field: 'value.groups' });
  const resIds = value.groups.map((group) => group.resId).filter((resId): resId is string => resId !== undefined);
  if (new Set(resIds).size < resIds.length) throw new AppError('validation', 'A group is listed more than once', { field: 'value.groups' });
  const answer = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockRankFile(trx, id))) throw new AppError('not-found', RANK_FILE_MESSAGES.notFound);
    const before = await rankFileView(trx, id);
    const [exams, card, assets] = await Promise.all([
      repo.examFacts(trx, examIds),
      value.masterSubscription ? repo.rateCardOf(trx, value.masterSubscription) : Promise.resolve(undefined),
      assetsById(trx, [value.bannerImageId]),
    ]);
    const examById = new Map(exams.map((exam) => [exam.id, exam]));
    const missing = examIds.find((examId) => !examById.has(examId));
    if (missing) throw new AppError('validation', `Exam not found: ${missing}`, { field: 'value.groups' });
    if (value.masterSubscription && !card) throw new AppError('validation', 'The rate card was not found', { field: 'value.masterSubscription' });
    if (value.bannerImageId && assets.get(value.bannerImageId)?.kind !== 'image')
      throw new AppError('validation', 'The banner image was not found', { field: 'value.bannerImageId' });
    const groups = value.groups.map((group) => ({
      resId: group.resId ?? randomUUID().replace(/-/g, ''),
      title: group.title,
      description: group.description,
      examId: group.exam,
    }));
    const warnings = rankFilePublishWarnings({
      isVisible: value.isVisible,
      hasRateCard: value.masterSubscription !== null,
      groups: groups.map((group) => ({
        title: group.title,
        exam: group.examId ? { title: examById.get(group.examId)!.title, isPublished: examById.get(group.examId)!.is_published } : null,
      })),
    });
    const { isPublished, columns: publishColumns } = publishState(value.isVisible, warnings);
    // Saved from the copy the editor loaded, or refused: nobody's work is overwritten unseen.
    const saved = await repo.updateRankFileAtVersion(
      trx,
      id,
      {
        title: value.title,
        ...publishColumns,
        master_subscription_id: value.masterSubscription,
        description: value.description,
        sort_index: value.sortIndex === '' ? '0' : value.sortIndex,
        banner_image_id: value.bannerImageId,
        updated_by: by.actor?.id ?? null,
      },
      version,
    );
    if (!saved) throw await refusedSave(trx, 'rank_files', id, 'rank file', RANK_FILE_MESSAGES.notFound);
    await repo.replaceGroups(trx, id, groups);
    await auditRankFile(trx, by, publishAction(before.isPublished, isPublished), before, await rankFileView(trx, id));
    return { isPublished, publishWarnings: warnings, version: saved.version, groupResIds: groups.map((group) => group.resId) };
  });
  // Courses list their published rank files: students read them afresh from this process at once.
  forgetAllCourses();
  return answer;
}

async function refuseIfInCourses(db: Db, id: string): Promise<void> {
  const courses = await repo.coursesUsingRankFile(db, id);
  if (courses.length > 0) {
    throw new AppError('has-warnings', 'This rank file is still in use', { warnings: courses.map((course) => `It is in the course “${course.title}”`) });
  }
}

/** DELETE /api/admin/rankfiles/{id}: refused while a course lists it, naming the courses. */
export async function deleteRankFile(ctx: RequestContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  const by = await auditBy(ctx);
  const row = await rankFileOrThrow(ctx.db, id);
  await refuseIfInCourses(ctx.db, row.id);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.lockRankFile(trx, row.id))) throw new AppError('not-found', RANK_FILE_MESSAGES.notFound);
      const before = await rankFileView(trx, row.id);
      if (!(await repo.deleteRankFileRow(trx, row.id))) throw new AppError('not-found', RANK_FILE_MESSAGES.notFound);
      await auditRankFile(trx, by, 'delete', before, null);
    });
  } catch (error) {
    if (isStillReferenced(error)) await refuseIfInCourses(ctx.db, row.id);
    throw error;
  }
  return { status: 'deleted' };
}

/**
 * Ranks every student by their first submitted attempts of the file's exams, summed; equal totals
 * share a rank. The new version replaces the old one in one transaction. Refused while published.
 */
export async function syncRankFileRanking(ctx: RequestContext, { id }: { id: string }): Promise<RankState> {
  const by = await auditBy(ctx);
  const row = await rankFileOrThrow(ctx.db, id);
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockRankFile(trx, row.id);
    if (!locked) throw new AppError('not-found', RANK_FILE_MESSAGES.notFound);
    if (locked.is_rank_published) throw new AppError('conflict', RANK_FILE_MESSAGES.publishedSync);
    const before = await rankFileView(trx, row.id);
    const version = locked.rank_version + 1;
    const participants = await repo.writeRanking(trx, row.id, version);
    await repo.deleteOtherRankings(trx, row.id, version);
    const state = rankState(await repo.setRanking(trx, row.id, { rank_version: version, rank_participants: participants, last_rank_refresh: new Date() }));
    await auditRankFile(trx, by, 'update', before, await rankFileView(trx, row.id));
    return state;
  });
}

export async function setRankFileRankingStatus(ctx: RequestContext, { id, status }: { id: string; status: 'published' | 'unpublished' }): Promise<RankState> {
  const by = await auditBy(ctx);
  await rankFileOrThrow(ctx.db, id);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockRankFile(trx, id))) throw new AppError('not-found', RANK_FILE_MESSAGES.notFound);
    const before = await rankFileView(trx, id);
    if (status === 'published' && before.lastRankRefresh === null) throw new AppError('conflict', RANK_FILE_MESSAGES.neverSynced);
    const state = rankState(await repo.setRanking(trx, id, { is_rank_published: status === 'published' }));
    if (state.isRankPublished !== before.isRankPublished) {
      await auditRankFile(trx, by, state.isRankPublished ? 'publish' : 'unpublish', before, await rankFileView(trx, id));
    }
    return state;
  });
}

/** The top 100 of the last sync, for the editor's table. */
export async function rankFileRanking(ctx: AppContext, { id }: { id: string }): Promise<RankFileRankingRow[]> {
  const row = await rankFileOrThrow(ctx.db, id);
  if (row.rank_version === 0) return [];
  const rows = await repo.topResults(ctx.db, row.id, row.rank_version, ANALYTICS_TOP);
  return rows.map((result) => ({
    rank: result.rank,
    userId: { _id: result.id, name: result.name, phoneNumber: result.phone_number ?? '', emailAddress: result.email_address ?? '' },
    total: Number(result.total),
    examsTaken: result.exams_taken,
  }));
}

/** GET /api/student/rank-files/{id}/ranking: a published ranking, for a student who may open the rank file. */
export async function studentRankFileRanking(ctx: RequestContext, { id, ...query }: { id: string } & StudentPageQuery) {
  const actor = await requireActor(ctx);
  const row = UUID_PATTERN.test(id) ? await repo.findRankFileRow(ctx.db, id) : undefined;
  if (!row || !row.is_published) throw new AppError('not-found', RANK_FILE_MESSAGES.notFound);
  if (!(await repo.studentMayOpen(ctx.db, row.id, actor.id))) throw new AppError('forbidden', RANK_FILE_MESSAGES.notEntitled);
  if (!row.is_rank_published || row.rank_version === 0) throw new AppError('forbidden', RANK_FILE_MESSAGES.notPublished);
  const [top, own] = await Promise.all([
    repo.topResults(ctx.db, row.id, row.rank_version, ANALYTICS_TOP),
    repo.studentResult(ctx.db, row.id, row.rank_version, actor.id),
  ]);
  return {
    ...pageOfList(
      top.map((result) => ({ rank: result.rank, name: result.name, totalScore: Number(result.total), examsTaken: result.exams_taken })),
      query,
    ),
    title: row.title,
    totalParticipants: row.rank_participants,
    lastRankRefreshAt: utcIso(row.last_rank_refresh),
    me: own ? { rank: own.rank, totalScore: Number(own.total), examsTaken: own.exams_taken } : null,
  };
}
