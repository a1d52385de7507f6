import { toPaise } from '../../shared/commerce/money.ts';
import { pageOfTotal } from '../../shared/validation/paging.ts';
import type { z } from 'zod';
import { shortPostDate } from '../../shared/current-affairs/current-affair-dates.rules.ts';
import { currentAffairPublishWarnings, isCurrentAffairPublished } from '../../shared/current-affairs/current-affair-publish.rules.ts';
import {
  CURRENT_AFFAIR_MESSAGES,
  type createCurrentAffairInputSchema,
  type CurrentAffair,
  type CurrentAffairListEntry,
  type saveCurrentAffairInputSchema,
  type SavedCurrentAffair,
  type StudentCurrentAffairsPage,
  type StudentCurrentAffairsQuery,
} from '../../shared/current-affairs/current-affairs.schema.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { assetUrls, publicUrls, signAsset, signatureQuery } from '../access/asset-urls.ts';
import { requireActor } from '../access/access.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { isStillReferenced } from '../db/references.ts';
import type { AssetRow } from '../db/types.ts';
import { refusedSave } from '../editing/versioned-save.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';
import { publishAction } from '../audit/publish-action.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { AppError } from '../errors.ts';
import { assetsById } from '../lectures/lectures.repository.ts';
import * as repo from './current-affairs.repository.ts';

const yesNo = (present: boolean) => (present ? ('Yes' as const) : ('No' as const));

type AuditedPost = Pick<
  repo.CurrentAffairRow,
  'title' | 'is_visible' | 'is_published' | 'publish_warnings' | 'master_subscription_id' | 'banner_image_id' | 'pdf_file_id'
>;

/** A post's fields as its editor names them, for the audit log. */
const auditedPost = (row: AuditedPost) => ({
  title: row.title,
  isVisible: row.is_visible,
  isPublished: row.is_published,
  publishWarnings: row.publish_warnings,
  masterSubscription: row.master_subscription_id,
  bannerImageId: row.banner_image_id,
  pdfFileId: row.pdf_file_id,
});

async function currentAffairOrThrow(db: Db, id: string): Promise<repo.CurrentAffairRow> {
  const row = UUID_PATTERN.test(id) ? await repo.findCurrentAffairRow(db, id) : undefined;
  if (!row) throw new AppError('not-found', CURRENT_AFFAIR_MESSAGES.notFound);
  return row;
}

/** Refuses a second post for a date unless staff confirmed it (the date is locked by the caller). */
async function refuseSameDate(trx: Db, date: string, exceptId: string | null, allowSameDate: boolean, field: string): Promise<void> {
  if (allowSameDate) return;
  if (await repo.otherPostOnDate(trx, date, exceptId)) throw new AppError('conflict', CURRENT_AFFAIR_MESSAGES.sameDate(date), { field });
}

/** GET /api/admin/current-affairs: every post, newest date first. */
export async function listCurrentAffairs(ctx: AppContext): Promise<CurrentAffairListEntry[]> {
  const rows = await repo.listCurrentAffairRows(ctx.db);
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    titleDisplay: shortPostDate(row.title),
    isPublished: row.is_published,
    isVisible: row.is_visible,
    bannerImageId: row.banner_image_id,
    // Cover art is public: the list shows it without signing.
    thumbnailUrl: row.banner_image_id ? assetUrls.file(row.banner_image_id) : null,
    pdfFileId: row.pdf_file_id,
    hasPDFUploaded: yesNo(row.pdf_file_id !== null),
    createdAt: row.created_at.toISOString(),
  }));
}

/** POST /api/admin/current-affairs {title}: a hidden post for the date; a second one for a date only when confirmed. */
export async function createCurrentAffair(ctx: RequestContext, input: z.output<typeof createCurrentAffairInputSchema>): Promise<{ _id: string }> {
  const by = await auditBy(ctx);
  const actorId = by.actor?.id ?? null;
  const warnings = currentAffairPublishWarnings({ hasPdf: false, hasCoverImage: false });
  const id = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockPostDate(trx, input.title);
    await refuseSameDate(trx, input.title, null, input.allowSameDate, 'title');
    const created = await repo.insertCurrentAffair(trx, { title: input.title, publish_warnings: warnings, created_by: actorId, updated_by: actorId });
    const stored = (await repo.findCurrentAffairRow(trx, created))!;
    await recordAudit(trx, by, {
      action: 'create',
      resourceType: 'current-affair',
      resourceId: created,
      title: stored.title,
      changes: changedFields(null, auditedPost(stored)),
    });
    return created;
  });
  return { _id: id };
}

/** GET /api/admin/current-affairs/{id}: the post with its files' names and sizes. */
export async function getCurrentAffair(ctx: AppContext, { id }: { id: string }): Promise<CurrentAffair> {
  const row = await currentAffairOrThrow(ctx.db, id);
  const [card, assets] = await Promise.all([
    row.master_subscription_id ? repo.rateCardOf(ctx.db, row.master_subscription_id) : Promise.resolve(undefined),
    assetsById(ctx.db, [row.banner_image_id, row.pdf_file_id]),
  ]);
  const banner = row.banner_image_id ? assets.get(row.banner_image_id) : undefined;
  const pdf = row.pdf_file_id ? assets.get(row.pdf_file_id) : undefined;
  return {
    _id: row.id,
    title: row.title,
    titleDisplay: shortPostDate(row.title),
    isVisible: row.is_visible,
    isPublished: row.is_published,
    publishWarnings: row.publish_warnings,
    masterSubscription: card ? { _id: card.id, title: card.title, netAmount: Number(card.net_amount) } : null,
    bannerImageId: row.banner_image_id,
    bannerImageFizeSizeInBytes: banner ? Number(banner.size_in_bytes) : null,
    pdfFileId: row.pdf_file_id,
    fileName: pdf?.file_name ?? null,
    fileSizeInBytes: pdf ? Number(pdf.size_in_bytes) : null,
    hasPDFUploaded: yesNo(row.pdf_file_id !== null),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

/** The cover art is a public image and the PDF a private PDF, as their upload widgets make them. */
function checkFiles(assets: Map<string, AssetRow>, bannerImageId: string | null, pdfFileId: string | null): void {
  if (bannerImageId) {
    const banner = assets.get(bannerImageId);
    if (!banner) throw new AppError('validation', CURRENT_AFFAIR_MESSAGES.coverNotFound, { field: 'value.bannerImageId' });
    if (banner.kind !== 'image' || banner.access_mode !== 'public')
      throw new AppError('validation', CURRENT_AFFAIR_MESSAGES.coverNotPublicImage, { field: 'value.bannerImageId' });
  }
  if (pdfFileId) {
    const pdf = assets.get(pdfFileId);
    if (!pdf) throw new AppError('validation', CURRENT_AFFAIR_MESSAGES.pdfNotFound, { field: 'value.pdfFileId' });
    if (pdf.kind !== 'pdf' || pdf.access_mode !== 'private')
      throw new AppError('validation', CURRENT_AFFAIR_MESSAGES.pdfNotPrivatePdf, { field: 'value.pdfFileId' });
  }
}

/**
 * PUT /api/admin/current-affairs/{id} {value}: the whole post; the server decides its publish state.
 * Saved only from the copy the editor loaded (409 naming who saved since), and moved to a date
 * that has a post only when staff confirmed it.
 */
export async function saveCurrentAffair(
  ctx: RequestContext,
  { id, value, version, allowSameDate }: { id: string } & z.output<typeof saveCurrentAffairInputSchema>,
): Promise<SavedCurrentAffair> {
  const by = await auditBy(ctx);
  await currentAffairOrThrow(ctx.db, id);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const locked = await repo.lockCurrentAffair(trx, id);
      if (!locked) throw new AppError('not-found', CURRENT_AFFAIR_MESSAGES.notFound);
      if (version !== undefined && locked.version !== version) throw await refusedSave(trx, 'current_affairs', id, 'post', CURRENT_AFFAIR_MESSAGES.notFound);
      if (value.title !== locked.title) {
        await repo.lockPostDate(trx, value.title);
        await refuseSameDate(trx, value.title, id, allowSameDate, 'value.title');
      }
      // Share-locked: neither file nor rate card can be deleted before this save commits.
      const [assets, card] = await Promise.all([
        assetsById(trx, [value.bannerImageId, value.pdfFileId], { share: true }),
        value.masterSubscription ? repo.rateCardOf(trx, value.masterSubscription, { share: true }) : Promise.resolve(undefined),
      ]);
      checkFiles(assets, value.bannerImageId, value.pdfFileId);
      if (value.masterSubscription && !card) throw new AppError('validation', CURRENT_AFFAIR_MESSAGES.rateCardNotFound, { field: 'value.masterSubscription' });
      const warnings = currentAffairPublishWarnings({ hasPdf: value.pdfFileId !== null, hasCoverImage: value.bannerImageId !== null });
      const isPublished = isCurrentAffairPublished(value.isVisible, warnings);
      const saved = await repo.updateCurrentAffairAtVersion(
        trx,
        id,
        {
          title: value.title,
          is_visible: value.isVisible,
          is_published: isPublished,
          publish_warnings: warnings,
          master_subscription_id: value.masterSubscription,
          banner_image_id: value.bannerImageId,
          pdf_file_id: value.pdfFileId,
          updated_by: by.actor?.id ?? null,
        },
        version,
      );
      if (!saved) throw await refusedSave(trx, 'current_affairs', id, 'post', CURRENT_AFFAIR_MESSAGES.notFound);
      const after: AuditedPost = {
        title: value.title,
        is_visible: value.isVisible,
        is_published: isPublished,
        publish_warnings: warnings,
        master_subscription_id: value.masterSubscription,
        banner_image_id: value.bannerImageId,
        pdf_file_id: value.pdfFileId,
      };
      await recordAudit(trx, by, {
        action: publishAction(locked.is_published, isPublished),
        resourceType: 'current-affair',
        resourceId: id,
        title: value.title,
        changes: changedFields(auditedPost(locked), auditedPost(after)),
      });
      return { isPublished, publishWarnings: warnings, titleDisplay: shortPostDate(value.title), version: saved.version };
    });
  } catch (error) {
    // Checked under lock above; a foreign key can still refuse if a check and a delete crossed.
    if (isStillReferenced(error))
      throw new AppError('validation', 'A file or the rate card of this post was deleted meanwhile: choose it again', { field: 'value' });
    throw error;
  }
}

/** DELETE /api/admin/current-affairs/{id}. Its files stay in the file store, as uploaded; the PDF addresses handed out for it stop. */
export async function deleteCurrentAffair(ctx: RequestContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  const by = await auditBy(ctx);
  await currentAffairOrThrow(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.lockCurrentAffair(trx, id);
    if (!row || !(await repo.deleteCurrentAffairRow(trx, row.id))) throw new AppError('not-found', CURRENT_AFFAIR_MESSAGES.notFound);
    await recordAudit(trx, by, {
      action: 'delete',
      resourceType: 'current-affair',
      resourceId: id,
      title: row.title,
      changes: changedFields(auditedPost(row), null),
    });
  });
  return { status: 'deleted' };
}

/**
 * GET /api/student/current-affairs: published posts, newest date first, a page at a time. The
 * PDF of a post the student may open comes as an address signed for them, expiring with the rest,
 * and stopping earlier when the post is unpublished, deleted or given another PDF.
 */
export async function listStudentCurrentAffairs(ctx: RequestContext, query: StudentCurrentAffairsQuery): Promise<StudentCurrentAffairsPage> {
  const actor = await requireActor(ctx);
  const [rows, total] = await Promise.all([
    repo.publishedPage(ctx.db, actor.id, query.pageSize, (query.page - 1) * query.pageSize),
    repo.countPublished(ctx.db),
  ]);
  const assets = await assetsById(
    ctx.db,
    rows.map((row) => row.pdf_file_id),
  );
  const expiresAt = new Date(Date.now() + ctx.config.SIGNED_URL_TTL_SECONDS * 1000);
  // Each address opens the PDF and its pages for this student while the post stays published with this PDF.
  const signed = (row: repo.StudentCurrentAffairRow, assetId: string, url: string) => {
    const grant = { kind: 'current-affair' as const, id: row.id, generation: row.signing_generation };
    return `${url}?${signatureQuery(signAsset(ctx.config.SESSION_SECRET, assetId, expiresAt, { scope: 'pdf', student: actor.id, grant }))}`;
  };
  return {
    ...pageOfTotal(
      rows.map((row) => {
        const pdf = row.pdf_file_id ? assets.get(row.pdf_file_id) : undefined;
        const open = row.entitled && pdf !== undefined;
        return {
          _id: row.id,
          title: row.title,
          titleDisplay: shortPostDate(row.title),
          coverImageUrl: row.banner_image_id ? assetUrls.file(row.banner_image_id) : null,
          fileName: pdf?.file_name ?? null,
          fileSizeInBytes: pdf ? Number(pdf.size_in_bytes) : null,
          entitled: row.entitled,
          pdfUrl: open ? signed(row, pdf.id, assetUrls.file(pdf.id)) : null,
          pageUrls: open ? publicUrls(pdf).pageUrls.map((url) => signed(row, pdf.id, url)) : [],
          rateCard: row.card_id ? { _id: row.card_id, title: row.card_title ?? '', netPaise: toPaise(Number(row.card_net_amount ?? 0)) } : null,
        };
      }),
      query,
      total,
    ),
    expiresAt: expiresAt.toISOString(),
  };
}
