import type { ErrorBody } from '../../shared/http/errors.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import type { Readable } from 'node:stream';
import type { ByteRange } from './storage/storage.ts';

export interface StoredFileResponse {
  size: number;
  contentType: string;
  /** Strong validator of the content (e.g. its SHA-256). */
  etag: string;
  lastModified: Date;
  cacheControl: string;
  /** Suggested name for a download; the file is shown inline. */
  fileName?: string;
  open(range?: ByteRange): Promise<Readable>;
}

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answers a stored file with ETag revalidation and single HTTP Range requests
 * (206 with Content-Range; 416 when the range cannot be satisfied).
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: StoredFileResponse): Promise<FastifyReply> {
  const etag = `"${file.etag}"`;
  void reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', file.lastModified.toUTCString())
    .header('cache-control', file.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .type(file.contentType);
  if (file.fileName) void reply.header('content-disposition', contentDisposition(file.fileName));

  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return reply.code(304).send();
  }

  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  // A Range with an If-Range for another version gets the whole, current file.
  const rangeApplies = rangeHeader !== undefined && (ifRange === undefined || ifRange === etag);
  if (rangeApplies && file.size > 0) {
    const ranges = rangeParser(file.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      return reply
        .code(416)
        .removeHeader('content-disposition')
        .header('content-range', `bytes */${file.size}`)
        .type('application/json; charset=utf-8')
        .send({ message: `The range asked for lies outside the file (${file.size} bytes)`, type: 'validation' } satisfies ErrorBody);
    }
    // Several ranges are answered with the whole file, which HTTP allows.
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      const stream = await file.open({ start, end });
      return reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${file.size}`)
        .header('content-length', String(end - start + 1))
        .send(stream);
    }
  }
  const stream = await file.open();
  return reply.code(200).header('content-length', String(file.size)).send(stream);
}
