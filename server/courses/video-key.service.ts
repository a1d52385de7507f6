import { actsForConsole, requireActor } from '../access/access.ts';
import { checkAssetSignature, type SignedQuery } from '../access/asset-urls.ts';
import { findVideoKey } from '../assets/video-keys.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { consumeRateLimit } from '../rate-limit/rate-limit.service.ts';
import { mayWatchVideo } from './student-courses.repository.ts';

/** Key requests of one student: a player asks once per rendition it starts, and again after a seek past a reloaded playlist. */
export const VIDEO_KEY_LIMIT = { max: 60, windowSeconds: 10 * 60 };

export const VIDEO_KEY_MESSAGES = {
  notFound: 'File not found',
  expired: 'This link has expired',
  invalid: 'This link is not valid',
  otherStudent: 'This link is for another student',
  notEntitled: 'You cannot watch a lecture with this video',
  tooMany: 'Too many key requests. Please try again in a few minutes.',
} as const;

/**
 * GET /api/assets/{id}/key: a video's 16-byte segment key. Staff with a console session get it
 * with or without a link. A student needs the key link of a playlist served to them (scope `key`,
 * their id, minutes long), their session, and the rule lecturePlayback applies: a published lecture
 * showing this video that they may watch. Counted per student (VIDEO_KEY_LIMIT).
 */
export async function videoKey(ctx: RequestContext, { assetId, query }: { assetId: string; query: SignedQuery }): Promise<Buffer> {
  const actor = await requireActor(ctx);
  if (!actsForConsole(actor)) {
    const check = checkAssetSignature(ctx.config.SESSION_SECRET, assetId, query);
    if (check === 'expired') throw new AppError('forbidden', VIDEO_KEY_MESSAGES.expired);
    if (check !== 'valid' || query.scope !== 'key' || query.student === undefined) throw new AppError('forbidden', VIDEO_KEY_MESSAGES.invalid);
    if (query.student !== actor.id) throw new AppError('forbidden', VIDEO_KEY_MESSAGES.otherStudent);
    await consumeRateLimit(ctx.db, { key: `video-key:${actor.id}`, ...VIDEO_KEY_LIMIT, message: VIDEO_KEY_MESSAGES.tooMany });
    if (!(await mayWatchVideo(ctx.db, actor.id, assetId))) throw new AppError('forbidden', VIDEO_KEY_MESSAGES.notEntitled);
  }
  const key = await findVideoKey(ctx.db, ctx.config.SESSION_SECRET, assetId);
  if (!key) throw new AppError('not-found', VIDEO_KEY_MESSAGES.notFound);
  return key;
}
