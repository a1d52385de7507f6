import { z } from 'zod';
import { Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uploadedAssetSchema } from '../../shared/assets/assets.schema.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses, noBody } from '../http/route-options.ts';
import { createResumableStore } from './resumable-store.ts';
import { RESUMABLE_CHUNK_BYTES, RESUMABLE_UPLOAD_PATH } from '../../shared/assets/resumable-upload.rules.ts';
import { drainRequestBody, peekRequestBody } from './resumable-first-bytes.ts';
import {
  beginResumableUpload,
  checkFirstBytes,
  finishResumableReplace,
  finishResumableUpload,
  forgetResumableUpload,
  requireOwnUnfinishedUpload,
  UPLOAD_NOT_FOUND,
} from './resumable-uploads.service.ts';

const TUS_BODY = 'application/offset+octet-stream';
const params = z.object({ id: z.uuid({ error: UPLOAD_NOT_FOUND }) });
const errors = errorResponses(400, 401, 403, 404);

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * Resumable uploads (the tus 1.0.0 protocol, creation, termination and expiration extensions):
 * POST creates an upload, HEAD tells how much has arrived, PATCH sends more from there, DELETE
 * cancels. Every request needs a console session, and an upload answers only to the account that
 * began it. Once complete, POST `/{id}/finish` makes it a file through the same path as a multipart
 * upload, or POST `/{id}/replace/{fileId}` an existing file's new content through the replace route's path. The tus server reads the request body itself, so this scope leaves the body unread.
 */
export const resumableUploadRoutes: DomainRoutes = async (app, options) => {
  const { config, storage } = options.app;
  const resumable = createResumableStore(config, storage);
  app.addHook('onClose', async () => resumable.close());
  /** The data store's name of the upload each request handed to the tus server is about. */
  const storeIds = new WeakMap<object, string>();
  const storeIdOf = (req: { runtime?: { node?: { req?: object } } }) => {
    const raw = req.runtime?.node?.req;
    return raw ? storeIds.get(raw) : undefined;
  };
  const tus = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: resumable.store,
    maxSize: config.ASSET_MAX_UPLOAD_MB * 1024 * 1024,
    // Named and found by the id checked here, never by what the request's URL says.
    namingFunction: (req) => storeIdOf(req) ?? Promise.reject(new Error('resumable upload: no id for this request')),
    getFileIdFromRequest: (req) => storeIdOf(req),
    generateUrl: (_req, { path, id }) => `${path}/${id.slice(id.lastIndexOf('/') + 1)}`,
    // Same origin only: no CORS headers.
    allowedOrigins: () => false,
    disableTerminationForFinishedUploads: true,
  });

  app.addContentTypeParser(TUS_BODY, (_request, _payload, done) => done(null));

  /** Hands the request to the tus server, with the headers this server's plugins have set. */
  async function handOver(request: FastifyRequest, reply: FastifyReply, uploadId: string): Promise<void> {
    storeIds.set(request.raw, resumable.storeId(uploadId));
    reply.raw.setHeader('cache-control', 'no-store');
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }

  const tusSchema = (summary: string, done: string) => ({ tags: ['assets'], summary, params, response: { 204: noBody(done), ...errors } });
  const console_ = { screen: 'console' as const };

  app.post(
    RESUMABLE_UPLOAD_PATH,
    {
      config: console_,
      schema: {
        tags: ['assets'],
        summary: 'Begin a resumable upload (tus: Upload-Length, Upload-Metadata filename, filetype, kind, accessMode)',
        description:
          "Answers 201 with the upload's Location. The size is checked against the kind's limit (413 naming Upload-Length), " +
          'unknown metadata is refused (400 naming Upload-Metadata). Console sign-in required.',
        response: { 201: noBody('The upload is created: Location names it'), ...errors, 413: errorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await beginResumableUpload(request.ctx, {
        uploadLength: header(request, 'upload-length'),
        deferLength: header(request, 'upload-defer-length'),
        metadata: header(request, 'upload-metadata'),
      });
      await handOver(request, reply, id);
    },
  );
  app.head(
    `${RESUMABLE_UPLOAD_PATH}/:id`,
    { config: console_, schema: tusSchema('How much of a resumable upload has arrived (Upload-Offset)', 'Upload-Offset says how much has arrived') },
    async (request, reply) => {
      await requireOwnUnfinishedUpload(request.ctx, request.params.id);
      await handOver(request, reply, request.params.id);
    },
  );
  app.patch(
    `${RESUMABLE_UPLOAD_PATH}/:id`,
    {
      config: console_,
      schema: { ...tusSchema('Send more of a resumable upload from Upload-Offset', 'Stored: Upload-Offset says how much has arrived'), consumes: [TUS_BODY] },
    },
    async (request, reply) => {
      const row = await requireOwnUnfinishedUpload(request.ctx, request.params.id);
      const declared = header(request, 'content-length');
      try {
        await checkFirstBytes(request.ctx, resumable, row, {
          offset: header(request, 'upload-offset'),
          length: declared !== undefined && /^[0-9]{1,16}$/.test(declared) ? Number(declared) : undefined,
          readHead: (bytes) => peekRequestBody(request.raw, bytes),
        });
      } catch (error) {
        // A chunk the console sends is read to its end, so that the browser reads the answer; a
        // larger body is answered at once and its connection closed.
        if (Number(declared) <= 2 * RESUMABLE_CHUNK_BYTES) await drainRequestBody(request.raw);
        throw error;
      }
      await handOver(request, reply, request.params.id);
    },
  );
  app.delete(`${RESUMABLE_UPLOAD_PATH}/:id`, { config: console_, schema: tusSchema('Cancel a resumable upload', 'Cancelled') }, async (request, reply) => {
    await requireOwnUnfinishedUpload(request.ctx, request.params.id);
    await handOver(request, reply, request.params.id);
    if (reply.raw.statusCode === 204) await forgetResumableUpload(request.ctx, request.params.id);
  });
  app.post(
    `${RESUMABLE_UPLOAD_PATH}/:id/finish`,
    {
      config: console_,
      schema: {
        tags: ['assets'],
        summary: 'Make a complete resumable upload a file (as a multipart upload would)',
        description:
          'Answers the same file when asked again; 423 (with Retry-After) while another request is storing it. 409 while bytes are missing; 415 or 413 when the content is refused, which removes the upload.',
        params,
        response: { 200: uploadedAssetSchema, ...errors, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, 423: errorBodySchema },
      },
    },
    async (request) => finishResumableUpload(request.ctx, resumable, request.params.id),
  );
  app.post(
    `${RESUMABLE_UPLOAD_PATH}/:id/replace/:fileId`,
    {
      config: console_,
      schema: {
        tags: ['assets'],
        summary: "Make a complete resumable upload a file's new content (as PUT /api/assets/replace/{fileId} would)",
        description:
          'Answers the same when asked again; 423 (with Retry-After) while another request is storing it. 409 while bytes are missing, while the file is ' +
          'being processed or when the upload already became another file; 404 when the file does not exist; 415 or 413 when the content is refused, which removes the upload.',
        params: params.extend({ fileId: z.uuid({ error: 'File not found' }) }),
        response: { 200: uploadedAssetSchema, ...errors, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, 423: errorBodySchema },
      },
    },
    async (request) => finishResumableReplace(request.ctx, resumable, request.params.id, request.params.fileId),
  );
};
