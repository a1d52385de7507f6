import type { z } from 'zod';
import { durationInMinutes } from '../../shared/media/ladder.rules.ts';
import { lecturePublishWarnings } from '../../shared/lectures/lecture.rules.ts';
import type { createLectureInputSchema, Lecture, LectureSummary, saveLectureInputSchema, SavedLecture } from '../../shared/lectures/lectures.schema.ts';
import { publicUrls } from '../access/asset-urls.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { AssetRow, LectureRow } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { publishState } from '../editing/publish-state.ts';
import { refusedSave } from '../editing/versioned-save.ts';
import { findAsset } from '../assets/assets.repository.ts';
import { isPlayableVideo } from '../assets/asset-state.ts';
import { refreshCoursesOfLectures } from '../course-state/course-publish.ts';
import { coursesUsingLectures } from '../course-state/course-state.repository.ts';
import { forgetAllCourses } from '../course-state/student-course-cache.ts';
import { isStillReferenced } from '../db/references.ts';
import {
  assetsById,
  deleteLectureRow,
  findLecturer,
  existingExamIds,
  lectureExamRows,
  listEducators,
  replaceLectureExams,
  rateCardExists,
  findLectureRow,
  insertLecture,
  listLectureRows,
  lockLectureRow,
  lockLecturesShowingVideo,
  updateLectureAtVersion,
  updateLectureFromVideo,
} from './lectures.repository.ts';
import { isInCustomCollection, missingPdfsOf } from './lecture-links.repository.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import type { AuditAction } from '../../shared/audit/audit.constants.ts';
import { auditBy, recordAudit, type AuditBy } from '../audit/audit-writer.ts';
import { publishAction } from '../audit/publish-action.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

const NOT_FOUND = 'Lecture not found';
const IN_COLLECTION = 'It is in the custom lecture collection: remove it there first';

interface LectureLinks {
  exams: Array<{ id: string; title: string; is_published: boolean }>;
  missingPdfs: Lecture['missingPdfs'];
  inCustomCollection: boolean;
  courseTitles: string[];
}

function toLecture(row: LectureRow, banner: AssetRow | undefined, { exams, missingPdfs, inCustomCollection, courseTitles }: LectureLinks): Lecture {
  return {
    _id: row.id,
    resId: row.res_id,
    title: row.title,
    isPublished: row.is_published,
    isVisible: row.is_visible,
    publishWarnings: row.publish_warnings,
    masterSubscription: row.master_subscription_id,
    lecturerId: row.lecturer_id,
    lecturerName: row.lecturer_name,
    bannerImageId: row.banner_image_id,
    bannerImageFizeSizeInBytes: banner ? Number(banner.size_in_bytes) : null,
    youtubeLink: row.youtube_link,
    enableYoutubePlayer: row.enable_youtube_player,
    videoResourceId: row.video_resource_id,
    videoFileName: row.video_file_name,
    videoFileSizeInBytes: row.video_file_size_in_bytes === null ? null : Number(row.video_file_size_in_bytes),
    videoDurationInMinutes: row.video_duration_in_minutes,
    notes: row.notes,
    exams: exams.map((exam) => ({ _id: exam.id, title: exam.title, isPublished: exam.is_published })),
    missingPdfs,
    inCustomCollection,
    __coursesAttachedTo: [courseTitles.map((courseTitle) => ({ courseTitle }))],
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

export async function listLectures(ctx: AppContext): Promise<LectureSummary[]> {
  return summarizeLectures(ctx.db, await listLectureRows(ctx.db));
}

/** Catalogue rows for these lectures, in the order given (with their thumbnails and video states). */
export async function summarizeLectures(db: Db, rows: readonly LectureRow[]): Promise<LectureSummary[]> {
  const assets = await assetsById(
    db,
    rows.flatMap((row) => [row.banner_image_id, row.video_resource_id]),
  );
  return rows.map((row) => {
    const banner = row.banner_image_id ? assets.get(row.banner_image_id) : undefined;
    const video = row.video_resource_id ? assets.get(row.video_resource_id) : undefined;
    return {
      _id: row.id,
      title: row.title,
      isPublished: row.is_published,
      isVisible: row.is_visible,
      masterSubscription: row.master_subscription_id,
      thumbnailUrl: banner ? publicUrls(banner).url : video ? publicUrls(video).posterUrl : null,
      videoDurationInMinutes: row.video_duration_in_minutes,
      videoFileSizeInBytes: row.video_file_size_in_bytes === null ? null : Number(row.video_file_size_in_bytes),
      videoState: video ? playableState(video) : null,
      notesCount: row.notes.length,
      createdAt: row.created_at.toISOString(),
    };
  });
}

/** What the audit log leaves out of a lecture: its ids, what the files tell, and where it is used. */
const AUDIT_IGNORED = ['_id', 'resId', 'bannerImageFizeSizeInBytes', 'videoFileSizeInBytes', 'videoDurationInMinutes', 'missingPdfs', '__coursesAttachedTo'];

/** Records a change of one lecture (as its editor shows it before and after), last in its transaction. */
export async function auditLecture(trx: Transaction<Database>, by: AuditBy, action: AuditAction, before: Lecture | null, after: Lecture | null) {
  const lecture = (after ?? before)!;
  await recordAudit(trx, by, {
    action,
    resourceType: 'lecture',
    resourceId: lecture._id,
    title: lecture.title,
    changes: changedFields(before, after, AUDIT_IGNORED),
  });
}

export async function createLecture(ctx: RequestContext, input: z.output<typeof createLectureInputSchema>): Promise<{ _id: string }> {
  const by = await auditBy(ctx);
  const warnings = lecturePublishWarnings({ isVisible: false, hasLecturer: false, youtubeId: null, enableYoutubePlayer: false, videoState: null });
  const id = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertLecture(trx, { title: input.title, publish_warnings: warnings, created_by: by.actor?.id ?? null });
    await auditLecture(trx, by, 'create', null, await lectureView(trx, created));
    return created;
  });
  return { _id: id };
}

export async function getLecture(ctx: AppContext, { id }: { id: string }): Promise<Lecture> {
  return lectureView(ctx.db, id);
}

/** The lecture as its editor shows it. */
export async function lectureView(db: Db, id: string): Promise<Lecture> {
  const row = await findLectureRow(db, id);
  if (!row) throw new AppError('not-found', NOT_FOUND);
  const [assets, exams, missingPdfs, inCustomCollection, courses] = await Promise.all([
    assetsById(db, [row.banner_image_id]),
    lectureExamRows(db, row.id),
    missingPdfsOf(db, row.id),
    isInCustomCollection(db, row.id),
    attachedCourses({ db }, { id: row.id }),
  ]);
  const links = { exams, missingPdfs, inCustomCollection, courseTitles: courses.map((course) => course.title) };
  return toLecture(row, row.banner_image_id ? assets.get(row.banner_image_id) : undefined, links);
}

function expectKind(asset: AssetRow | undefined, kind: AssetRow['kind'], message: string): AssetRow {
  if (!asset || asset.kind !== kind) throw new AppError('validation', message);
  return asset;
}

/**
 * PUT /api/admin/lecture/{id}: saves the editor's fields. The file names, sizes and the
 * duration are taken from the files, and the server decides isPublished and the
 * warnings that keep a lecture offline.
 */
export async function saveLecture(ctx: RequestContext, { id, ...input }: { id: string } & z.output<typeof saveLectureInputSchema>): Promise<SavedLecture> {
  const by = await auditBy(ctx);
  // The video is share-locked until the save commits: a video finishing meanwhile waits, and
  // the refresh that follows it then sees this save (and the save never keeps a stale state).
  const saved = await ctx.db.transaction().execute(async (trx) => saveLectureIn(trx, by, id, input));
  // The courses holding it show its title, image and availability: students read them afresh from this process at once.
  forgetAllCourses();
  return saved;
}

async function saveLectureIn(db: Transaction<Database>, by: AuditBy, id: string, input: z.output<typeof saveLectureInputSchema>): Promise<SavedLecture> {
  const value = input.value;
  const assets = await assetsById(db, [value.videoResourceId, value.bannerImageId, ...value.notes.map((n) => n.pdfFileId)], { share: true });
  // Locked after its files (as a finishing video locks them), so that what the log compares is what this save replaces.
  if (!(await lockLectureRow(db, id))) throw new AppError('not-found', NOT_FOUND);
  const before = await lectureView(db, id);
  const video = value.videoResourceId ? expectKind(assets.get(value.videoResourceId), 'video', 'The video was not found') : undefined;
  if (value.bannerImageId) expectKind(assets.get(value.bannerImageId), 'image', 'The banner image was not found');
  const notes = value.notes.map((note) => {
    const pdf = expectKind(assets.get(note.pdfFileId), 'pdf', `The notes file ${note.fileName || note.pdfFileId} was not found`);
    return { ...note, fileName: pdf.file_name, fileSizeInBytes: Number(pdf.size_in_bytes) };
  });
  const lecturer = value.lecturerId ? await findLecturer(db, value.lecturerId) : undefined;
  if (value.lecturerId && !lecturer) throw new AppError('validation', 'Choose a lecturer from the list', { field: 'value.lecturerId' });
  if (value.masterSubscription && !(await rateCardExists(db, value.masterSubscription))) {
    throw new AppError('validation', 'The rate card was not found', { field: 'value.masterSubscription' });
  }
  if (value.exams) {
    if (new Set(value.exams).size < value.exams.length) throw new AppError('validation', 'An exam is listed more than once', { field: 'value.exams' });
    const known = await existingExamIds(db, value.exams);
    const missing = value.exams.find((examId) => !known.has(examId));
    if (missing) throw new AppError('validation', `Exam not found: ${missing}`, { field: 'value.exams' });
  }
  const youtubeId = value.youtubeLink ?? null;
  const lecturerName = lecturer?.name || value.lecturerName;
  const warnings = lecturePublishWarnings({
    isVisible: value.isVisible,
    hasLecturer: Boolean(lecturer) || lecturerName !== '',
    youtubeId,
    enableYoutubePlayer: value.enableYoutubePlayer,
    videoState: video ? playableState(video) : null,
  });
  const { isPublished, columns: publishColumns } = publishState(value.isVisible, warnings);
  // Saved from the copy the editor loaded, or refused: nobody's work is overwritten unseen.
  const version = await updateLectureAtVersion(
    db,
    id,
    {
      title: value.title,
      // Absent from an older client's save: the rate card stays as it is.
      ...(value.masterSubscription === undefined ? {} : { master_subscription_id: value.masterSubscription }),
      ...publishColumns,
      lecturer_id: lecturer?.id ?? null,
      lecturer_name: lecturerName,
      banner_image_id: value.bannerImageId ?? null,
      youtube_link: youtubeId,
      enable_youtube_player: value.enableYoutubePlayer,
      video_resource_id: video?.id ?? null,
      video_file_name: video?.file_name ?? null,
      video_file_size_in_bytes: video ? Number(video.size_in_bytes) : null,
      video_duration_in_minutes: video?.duration_seconds != null ? durationInMinutes(video.duration_seconds) : null,
      notes: JSON.stringify(notes),
      updated_by: by.actor?.id ?? null,
    },
    input.version,
  );
  if (version === undefined) throw await refusedSave(db, 'lectures', id, 'lecture', NOT_FOUND);
  if (value.exams) await replaceLectureExams(db, id, value.exams);
  await refreshCoursesOfLectures(db, [id]);
  await auditLecture(db, by, publishAction(before.isPublished, isPublished), before, await lectureView(db, id));
  return { version, isPublished, publishWarnings: warnings };
}

/**
 * A video is playable when ready, while a replaced one's previous, complete ladder is still served,
 * and while it is processed once its first renditions' first segments are stored (see isPlayableVideo).
 */
function playableState(video: AssetRow): string {
  return isPlayableVideo(video) ? 'ready' : video.state;
}

/** Refuses with the courses whose subjects hold the lecture, and the custom collection, if any do. */
async function refuseIfInUse(db: Db, id: string): Promise<void> {
  const courses = await coursesUsingLectures(db, [id]);
  const warnings = [...new Set(courses.map((course) => `It is in the course “${course.title}”`))];
  if (await isInCustomCollection(db, id)) warnings.push(IN_COLLECTION);
  if (warnings.length > 0) throw new AppError('has-warnings', 'This lecture is still in use', { warnings });
}

/** DELETE /api/admin/lecture/{id}: refused while a course or the custom collection holds the lecture, naming them. */
export async function deleteLecture(ctx: RequestContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  const by = await auditBy(ctx);
  await refuseIfInUse(ctx.db, id);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await lockLectureRow(trx, id))) throw new AppError('not-found', NOT_FOUND);
      const before = await lectureView(trx, id);
      if (!(await deleteLectureRow(trx, id))) throw new AppError('not-found', NOT_FOUND);
      await auditLecture(trx, by, 'delete', before, null);
    });
  } catch (error) {
    // A course or the collection took the lecture in meanwhile: refused the same way.
    if (isStillReferenced(error)) await refuseIfInUse(ctx.db, id);
    throw error;
  }
  return { status: 'deleted' };
}

/**
 * When a video finishes (or fails) processing, the lectures showing it take its duration
 * and size, and their publish state is decided again, without waiting for a save.
 */
export async function refreshLecturesForVideo({ db }: Pick<AppContext, 'db'>, { assetId }: { assetId: string }): Promise<void> {
  // Often called inside the transaction that marks the video ready; the locks below then last until it commits.
  const inTransaction = (run: (trx: Db) => Promise<void>) => (db.isTransaction ? run(db) : db.transaction().execute(run));
  await inTransaction(async (trx) => {
    const video = await findAsset(trx, assetId);
    if (!video) return;
    // Locked and read in one statement that sees the latest saves, so a save made meanwhile is not undone.
    const lectures = await lockLecturesShowingVideo(trx, assetId);
    await refreshEach(trx, video, lectures);
  });
}

async function refreshEach(db: Db, video: AssetRow, lectures: LectureRow[]): Promise<void> {
  for (const lecture of lectures) {
    const warnings = lecturePublishWarnings({
      isVisible: lecture.is_visible,
      hasLecturer: Boolean(lecture.lecturer_id) || lecture.lecturer_name !== '',
      youtubeId: lecture.youtube_link,
      enableYoutubePlayer: lecture.enable_youtube_player,
      videoState: playableState(video),
    });
    await updateLectureFromVideo(db, lecture.id, {
      publish_warnings: warnings,
      is_published: lecture.is_visible && warnings.length === 0,
      video_file_name: video.file_name,
      video_file_size_in_bytes: Number(video.size_in_bytes),
      video_duration_in_minutes: video.duration_seconds != null ? durationInMinutes(video.duration_seconds) : null,
    });
  }
  await refreshCoursesOfLectures(
    db,
    lectures.map((lecture) => lecture.id),
  );
}

/** GET /api/admin/educators: the accounts a lecture's lecturer is chosen from. */
export async function listLectureEducators(ctx: AppContext): Promise<Array<{ _id: string; name: string; emailAddress: string | null }>> {
  return (await listEducators(ctx.db)).map((row) => ({ _id: row.id, name: row.name, emailAddress: row.email_address }));
}

/** GET /api/attached-course/{id}: the courses whose subjects hold the lecture. */
export async function attachedCourses(ctx: Pick<AppContext, 'db'>, { id }: { id: string }): Promise<Array<{ _id: string; title: string }>> {
  const courses = await coursesUsingLectures(ctx.db, [id]);
  const seen = new Map(courses.map((course) => [course.id, course.title]));
  return [...seen].map(([courseId, title]) => ({ _id: courseId, title }));
}
