import { sql } from 'kysely';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import type { StoredFileResponse } from '../assets/send-stored-file.ts';
import { requireActor } from '../auth/access.ts';
import type { RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { courseOpenSql } from './student-courses.repository.ts';

const NOT_FOUND = 'This course has no preview video';

/**
 * Where a student app plays a course's preview video: open to every signed-in student who may read
 * the course, bought or not (the preview is there to be watched before buying), whether staff
 * uploaded the video as a public or a private file. It opens that one video, nothing else.
 */
export const coursePreviewVideoUrl = (courseId: string) => `/api/student/courses/${courseId}/preview-video`;

/** The course's preview video, when the course is open to the student (courseOpenSql, the catalogue's rule). */
async function previewVideoOf(db: Db, courseId: string, userId: string) {
  const rows = await sql<{ storage_key: string; content_type: string; sha256: string }>`
    select v.storage_key, v.content_type, v.sha256 from courses c join assets v on v.id = c.preview_video_id and v.kind = 'video'
    where c.id = ${courseId} and ${courseOpenSql(userId)}`.execute(db);
  return rows.rows[0];
}

/** GET /api/student/courses/{id}/preview-video: the course's preview video, for any signed-in student who may read the course. */
export async function coursePreviewVideo(ctx: RequestContext, { courseId }: { courseId: string }): Promise<StoredFileResponse> {
  const actor = await requireActor(ctx);
  const video = UUID_PATTERN.test(courseId) ? await previewVideoOf(ctx.db, courseId, actor.id) : undefined;
  if (!video) throw new AppError('not-found', NOT_FOUND);
  const stat = await ctx.storage.stat(video.storage_key);
  if (!stat) throw new AppError('not-found', NOT_FOUND);
  return {
    size: stat.size,
    contentType: video.content_type,
    etag: video.sha256,
    lastModified: stat.modifiedAt,
    cacheControl: 'private, max-age=300',
    open: (range) => ctx.storage.get(video.storage_key, range),
  };
}
