import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import type { StoredFileResponse } from '../assets/send-stored-file.ts';
import { requireActor } from '../access/access.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { previewVideoOf } from './student-courses.repository.ts';

const NOT_FOUND = 'This course has no preview video';

/**
 * Where a student app plays a course's preview video: open to every signed-in student who may read
 * the course, bought or not (the preview is there to be watched before buying), whether staff
 * uploaded the video as a public or a private file. It opens that one video, nothing else.
 */
export const coursePreviewVideoUrl = (courseId: string) => `/api/student/courses/${courseId}/preview-video`;

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
