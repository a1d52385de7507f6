import { z } from 'zod';
import { SIGNATURE_SCOPES } from '../access/asset-urls.ts';
import type { DomainRoutes } from '../domain.ts';
import { binaryResponse } from '../http/binary-responses.ts';
import { errorResponses } from '../http/route-options.ts';
import { videoKey, VIDEO_KEY_LIMIT } from './video-key.service.ts';

const notValid = { error: 'This link is not valid' };

/** A video's segment key, for the players of the console and the student apps. */
export const videoKeyRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/assets/:id/key',
    {
      schema: {
        tags: ['assets'],
        summary: "A video's AES-128 segment key (the key URI of its rendition playlists)",
        description:
          'Rendition playlists are served with their EXT-X-KEY URI rewritten to this route with a link for whoever asked for the playlist ' +
          '(`scope=key`, their id as `student`, valid for 5 to 6 minutes, ending on a whole minute); the player fetches it with the same session (cookie or bearer token). ' +
          'A student gets the 16 bytes only while a published lecture showing the video is theirs to watch (403 otherwise, and for an expired ' +
          `link or another student's); staff with a console session always. At most ${VIDEO_KEY_LIMIT.max} keys per student in ` +
          `${VIDEO_KEY_LIMIT.windowSeconds / 60} minutes (429). Never cached (Cache-Control: no-store).`,
        params: z.object({ id: z.uuid({ error: 'File not found' }) }),
        querystring: z.object({
          expires: z.string().max(20).optional(),
          signature: z.string().max(100).optional(),
          scope: z.enum(SIGNATURE_SCOPES, notValid).optional(),
          student: z.uuid(notValid).optional(),
        }),
        response: { 200: binaryResponse('The 16-byte key', 'application/octet-stream'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const key = await videoKey(request.ctx, { assetId: request.params.id, query: request.query });
      return reply
        .header('cache-control', 'no-store')
        .type('application/octet-stream')
        .send(key as never);
    },
  );
};
