import { pageOfList, type StudentPageQuery } from '../../shared/validation/paging.ts';
import type { z } from 'zod';
import {
  COLLECTION_MESSAGES,
  MAX_COLLECTION_LECTURES,
  type collectionOrderInputSchema,
  type collectionTitleInputSchema,
  type LectureCollection,
  type StudentCollection,
} from '../../shared/lectures/lecture-collection.schema.ts';
import { publicUrls } from '../access/asset-urls.ts';
import { requireActor } from '../access/access.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { lectureEntitledSql } from '../courses/student-courses.repository.ts';
import { lecturePosterUrl } from '../courses/student-course-poster.ts';
import { AppError } from '../errors.ts';
import { assetsById } from '../lectures/lectures.repository.ts';
import { summarizeLectures } from '../lectures/lectures.service.ts';
import * as repo from './lecture-collection.repository.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';

/** GET /api/admin/custom-lectures: the title and the lectures in order. */
export async function getCollection(ctx: Pick<AppContext, 'db'>): Promise<LectureCollection> {
  return readCollection(ctx.db);
}

async function readCollection(db: Db): Promise<LectureCollection> {
  const [title, rows] = await Promise.all([repo.collectionTitle(db), repo.collectionLectureRows(db)]);
  return { title, lectureIds: rows.map((row) => row.id), lecturesMetaData: await summarizeLectures(db, rows) };
}

/** The collection as the audit log compares it: its title and its lectures in order, by title. */
async function auditedCollection(db: Db) {
  const [title, rows] = await Promise.all([repo.collectionTitle(db), repo.collectionLectureRows(db)]);
  return { title, lectures: rows.map((row) => ({ _id: row.id, title: row.title })) };
}

/**
 * Runs a change with the collection locked, records what it changed (nothing when it changed
 * nothing), and answers the collection as it then is.
 */
async function change(ctx: RequestContext, run: (trx: Db) => Promise<void>): Promise<LectureCollection> {
  const by = await auditBy(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockCollection(trx);
    const before = await auditedCollection(trx);
    await run(trx);
    const after = await auditedCollection(trx);
    const changes = changedFields(before, after);
    if (Object.keys(changes).length > 0) {
      await recordAudit(trx, by, { action: 'update', resourceType: 'lecture-collection', resourceId: null, title: after.title, changes });
    }
  });
  return readCollection(ctx.db);
}

/** POST /api/admin/lecture/add/lecture-collection/{id}: appends the lecture; adding it again changes nothing. */
export function addToCollection(ctx: RequestContext, { id }: { id: string }): Promise<LectureCollection> {
  return change(ctx, async (trx) => {
    if (!(await repo.lectureExists(trx, id))) throw new AppError('not-found', COLLECTION_MESSAGES.lectureNotFound);
    const count = (await repo.collectionLectureIds(trx)).length;
    if (count >= MAX_COLLECTION_LECTURES) throw new AppError('validation', `The collection holds at most ${MAX_COLLECTION_LECTURES} lectures`);
    await repo.appendLecture(trx, id);
  });
}

/** POST /api/admin/lecture/remove/lecture-collection/{id}: removes it; removing one that is not in changes nothing. */
export function removeFromCollection(ctx: RequestContext, { id }: { id: string }): Promise<LectureCollection> {
  return change(ctx, async (trx) => {
    await repo.removeLecture(trx, id);
    // The others keep their order, numbered 1..n again.
    await repo.writeOrder(trx, await repo.collectionLectureIds(trx));
  });
}

/** POST /api/admin/lecture/update/lecture-collection/title. */
export async function renameCollection(ctx: RequestContext, { title }: z.output<typeof collectionTitleInputSchema>): Promise<LectureCollection> {
  const actor = await ctx.actor();
  return change(ctx, (trx) => repo.setCollectionTitle(trx, title, actor?.id ?? null).then(() => undefined));
}

/**
 * POST /api/admin/lecture/update/lecture-collection/order: the new order must hold exactly the
 * collection's lectures, each once; an order made from a copy that has since gained or lost a
 * lecture is refused rather than dropping or reviving one.
 */
export function reorderCollection(ctx: RequestContext, { lecturesMetaData }: z.output<typeof collectionOrderInputSchema>): Promise<LectureCollection> {
  const order = lecturesMetaData.map((entry) => entry._id.toLowerCase());
  if (new Set(order).size < order.length) throw new AppError('validation', COLLECTION_MESSAGES.repeated, { field: 'lecturesMetaData' });
  return change(ctx, async (trx) => {
    const current = new Set(await repo.collectionLectureIds(trx));
    if (order.length !== current.size || order.some((id) => !current.has(id))) throw new AppError('conflict', COLLECTION_MESSAGES.changed);
    await repo.writeOrder(trx, order);
  });
}

/** GET /api/student/custom-lectures: the collection's published lectures, and which ones this student may watch. */
export async function studentCollection(ctx: RequestContext, query: StudentPageQuery): Promise<StudentCollection> {
  const actor = await requireActor(ctx);
  const [title, rows] = await Promise.all([repo.collectionTitle(ctx.db), repo.studentCollectionRows(ctx.db, lectureEntitledSql(actor.id))]);
  const assets = await assetsById(
    ctx.db,
    rows.flatMap((row) => [row.banner_image_id, row.video_resource_id]),
  );
  return {
    title,
    ...pageOfList(
      rows.map((row) => {
        const banner = row.banner_image_id ? assets.get(row.banner_image_id) : undefined;
        const video = row.video_resource_id ? assets.get(row.video_resource_id) : undefined;
        return {
          _id: row.id,
          title: row.title,
          // Images every signed-in student can open: a public banner, else the video's poster (served to any student).
          thumbnailUrl:
            banner?.access_mode === 'public' && banner.kind === 'image' ? publicUrls(banner).url : video?.poster_key ? lecturePosterUrl(row.id) : null,
          lecturerName: row.lecturer_name,
          videoDurationInMinutes: row.video_duration_in_minutes,
          notesCount: row.notes.length,
          canWatch: row.can_watch,
        };
      }),
      query,
    ),
  };
}
