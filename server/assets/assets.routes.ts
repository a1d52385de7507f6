import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, fileResponses, routeOptions } from '../http/route-options.ts';
import type { FastifyRequest } from 'fastify';
import { accessModeSchema, assetSchema, ASSET_KINDS, uploadedAssetSchema } from '../../shared/assets/assets.schema.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import { AppError } from '../errors.ts';
import * as assets from './assets.service.ts';
import { fileParts as multipartFileParts } from './multipart.ts';
import { SIGNATURE_SCOPES } from '../access/asset-urls.ts';
import { LADDER_CHOICES } from '../../shared/media/master-playlist.rules.ts';
import { sendStoredFile } from './send-stored-file.ts';
import { tooLargeError } from './upload.ts';

const SPREADSHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idParams = z.object({ id: z.uuid({ error: 'File not found' }) });
const notValid = { error: 'This link is not valid' };
const signatureQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
  scope: z.enum(SIGNATURE_SCOPES, notValid).optional(),
  student: z.uuid(notValid).optional(),
  grant: z.string().max(100, notValid).optional(),
});
/**
 * The master playlist's variants: `full` (every rendition, as when absent), `data-saver` (the pictures
 * up to 240p) or `audio-only` (the sound alone; the data saver ladder for a video without one).
 */
const hlsQuery = signatureQuery.extend({
  ladder: z.enum(LADDER_CHOICES, { error: 'ladder must be one of full, data-saver or audio-only' }).optional(),
});
const errors = errorResponses(400, 401, 403, 404);
const assetRoute = routeOptions(['assets'], errors);
const uploadErrors = { ...errors, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema };

/** The file parts of a multipart request, in order; a parser failure answers in the product's words. */
function fileParts(request: FastifyRequest) {
  const totalLimit = request.ctx.config.ASSET_MAX_UPLOAD_MB * 1024 * 1024;
  return multipartFileParts(request, (fileName) => tooLargeError(fileName, totalLimit));
}

export const assetsRoutes: DomainRoutes = async (app) => {
  const ctxOf = (request: FastifyRequest) => request.ctx;
  // An upload refused before its body has arrived is answered at once, and the connection closed.

  const uploadSchema = {
    tags: ['assets'],
    summary: 'Upload files (multipart fields file_0, file_1, ...)',
    description:
      'Each file is checked by its content (image, video, PDF, XLSX/CSV), streamed to storage and recorded. ' +
      '`kind` restricts what is accepted. A file over its size limit answers 413 and nothing is stored; ' +
      'when one file is refused, none of the request is kept. Console sign-in required.',
    querystring: z.object({ kind: z.enum(ASSET_KINDS).optional() }),
    consumes: ['multipart/form-data'],
    response: { 200: z.array(uploadedAssetSchema), ...uploadErrors },
  };
  app.post('/api/assets', { config: { screen: 'console' }, schema: uploadSchema }, async (request) =>
    assets.uploadFiles(ctxOf(request), { accessMode: 'private', ...request.query, parts: fileParts(request) }),
  );
  // The segment after /api/assets is a file's id elsewhere; here it is the new files' access mode.
  // Both carry one name so that the document's paths stay distinct.
  app.post(
    '/api/assets/:id',
    {
      config: { screen: 'console' },
      schema: { ...uploadSchema, params: z.object({ id: accessModeSchema.describe('The access mode of the new files (public or private)') }) },
    },
    async (request) => assets.uploadFiles(ctxOf(request), { accessMode: request.params.id, ...request.query, parts: fileParts(request) }),
  );

  app.put(
    '/api/assets/replace/:fileId',
    {
      config: { screen: 'console' },
      schema: {
        tags: ['assets'],
        summary: 'Replace the content of a file with a new one of the same kind',
        description: 'A video or PDF is queued to be processed again; its earlier outputs are removed.',
        params: z.object({ fileId: z.uuid({ error: 'File not found' }) }),
        consumes: ['multipart/form-data'],
        response: { 200: uploadedAssetSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const parts = fileParts(request);
      const first = await parts.next();
      if (first.done) throw new AppError('validation', 'Choose a file to upload');
      return assets.replaceFile(ctxOf(request), { assetId: request.params.fileId, part: first.value });
    },
  );

  app.delete(
    '/api/assets/:id',
    {
      config: { screen: 'console' },
      schema: {
        tags: ['assets'],
        summary: 'Delete a file and everything made from it',
        description: 'Refused with type has-warnings while a lecture uses the file.',
        params: idParams,
        response: { 200: z.object({ status: z.literal('deleted') }), 409: errorBodySchema, ...errors },
      },
    },
    async (request) => assets.deleteAsset(ctxOf(request), { assetId: request.params.id }),
  );

  const fileErrors = errorResponses(400, 401, 403, 404);
  const fileRoute = <P extends z.ZodObject = typeof idParams>(summary: string, mediaTypes: string[], params?: P, querystring?: z.ZodObject) => ({
    config: { public: true },
    schema: fileSchema(summary, mediaTypes, params, querystring),
  });
  const fileSchema = <P extends z.ZodObject = typeof idParams>(
    summary: string,
    mediaTypes: string[],
    params?: P,
    querystring: z.ZodObject = signatureQuery,
  ) => ({
    tags: ['assets'],
    summary,
    description:
      'Public files are open to all. Private files need a console session or a signed link (`expires`, `signature`, `scope`; with `student`, only that signed-in student may use it; ' +
      'with `grant`, only while what it was handed out for stands, e.g. a current-affairs post stays published). A link opens only what its scope names: ' +
      '`hls` the playlists, segments and poster of a video (never the uploaded file), `pdf` a PDF and its page images, `asset` every file (console links). ' +
      'Answers HTTP Range requests (206) and ETag revalidation (304).',
    params: (params ?? idParams) as P,
    querystring,
    response: { ...fileResponses('The file', mediaTypes), ...fileErrors },
  });

  app.get('/api/assets/:id', fileRoute('Stream a file', ['image/*', 'video/*', 'application/pdf', SPREADSHEET_TYPE, 'text/csv']), async (request, reply) => {
    const file = await assets.openAssetFile(ctxOf(request), {
      assetId: request.params.id,
      target: { type: 'original' },
      query: request.query,
    });
    return sendStoredFile(request, reply, file);
  });

  app.get('/api/assets/:id/poster.jpg', fileRoute("A processed video's poster image", ['image/jpeg']), async (request, reply) => {
    const file = await assets.openAssetFile(ctxOf(request), { assetId: request.params.id, target: { type: 'poster' }, query: request.query });
    return sendStoredFile(request, reply, file);
  });

  app.get(
    '/api/assets/:id/pages/:page',
    fileRoute("One page of a converted PDF, as PNG ('1.png' is the first)", ['image/png'], idParams.extend({ page: z.string() })),
    async (request, reply) => {
      const match = /^([1-9][0-9]{0,4})\.png$/.exec(request.params.page);
      if (!match) throw new AppError('not-found', 'File not found');
      const file = await assets.openAssetFile(ctxOf(request), {
        assetId: request.params.id,
        target: { type: 'page', page: Number(match[1]) },
        query: request.query,
      });
      return sendStoredFile(request, reply, file);
    },
  );

  app.get(
    '/api/assets/:id/hls/*',
    fileRoute(
      'HLS playlists and segments of a processed video (start at master.m3u8; `ladder` chooses its variants)',
      ['application/vnd.apple.mpegurl', 'video/mp2t', 'video/iso.segment', 'video/mp4'],
      idParams.extend({ '*': z.string() }),
      hlsQuery,
    ),
    async (request, reply) => {
      const { ladder, ...query } = request.query as z.infer<typeof hlsQuery>;
      const file = await assets.openAssetFile(ctxOf(request), {
        assetId: request.params.id,
        target: { type: 'hls', path: request.params['*'], ...(ladder ? { ladder } : {}) },
        query,
      });
      if (file.rewritePlaylist) {
        const stream = await file.open();
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        return reply
          .header('cache-control', file.cacheControl)
          .type(file.contentType)
          .send(file.rewritePlaylist(Buffer.concat(chunks).toString('utf8')));
      }
      return sendStoredFile(request, reply, file);
    },
  );

  app.get(
    '/api/assets/:id/signed-url',
    assetRoute({
      config: { screen: 'console', signedUrls: true },
      summary: 'A link that opens a private file without a session until it expires',
      params: idParams,
      ok: z.object({ url: z.string(), expiresAt: z.string() }),
    }),
    async (request) => assets.signedUrl(ctxOf(request), { assetId: request.params.id }),
  );

  app.get(
    '/api/admin/assets/:id',
    assetRoute({
      config: { screen: 'console' },
      summary: 'A file with its processing state, progress, renditions and page images',
      params: idParams,
      ok: assetSchema,
    }),
    async (request) => assets.getAsset(ctxOf(request), { assetId: request.params.id }),
  );

  app.get(
    '/api/admin/pdf-missing/:id',
    assetRoute({
      config: { screen: 'console' },
      summary: 'Whether the stored file of a PDF is gone',
      params: idParams,
      ok: z.object({ fileMissing: z.boolean() }),
    }),
    async (request) => assets.isFileMissing(ctxOf(request), { assetId: request.params.id }),
  );
};
