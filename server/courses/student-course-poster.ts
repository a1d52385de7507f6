import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import type { StoredFileResponse } from '../assets/send-stored-file.ts';
import { requireActor } from '../access/access.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { lecturePosterOf } from './student-courses.repository.ts';

const NOT_FOUND = 'This lecture has no poster';

/**
 * Where a student app shows a lecture without a banner: its video's poster, open to every signed-in
 * student (a poster is not paid content; the video itself opens only with a playback link).
 */
export const lecturePosterUrl = (lectureId: string) => `/api/student/lectures/${lectureId}/poster.jpg`;

/** GET /api/student/lectures/{id}/poster.jpg: the poster of the lecture's video, for any signed-in student. */
export async function lecturePoster(ctx: RequestContext, { lectureId }: { lectureId: string }): Promise<StoredFileResponse> {
  await requireActor(ctx);
  const poster = UUID_PATTERN.test(lectureId) ? await lecturePosterOf(ctx.db, lectureId) : undefined;
  if (!poster) throw new AppError('not-found', NOT_FOUND);
  const stat = await ctx.storage.stat(poster.poster_key);
  if (!stat) throw new AppError('not-found', NOT_FOUND);
  return {
    size: stat.size,
    contentType: 'image/jpeg',
    etag: `${poster.sha256.slice(0, 16)}-${stat.size}-${stat.modifiedAt.getTime()}`,
    lastModified: stat.modifiedAt,
    cacheControl: 'private, max-age=300',
    open: (range) => ctx.storage.get(poster.poster_key, range),
  };
}
