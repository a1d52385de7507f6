import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type { Readable } from 'node:stream';
import { sanitizeFileName } from '../../shared/assets/file-name.rules.ts';
import { AppError } from '../errors.ts';

/**
 * What one multipart request may hold (the file size limit comes from ASSET_MAX_UPLOAD_MB). The
 * parser stops at these; the answers below name the limit in plain words.
 */
export const MULTIPART_LIMITS = {
  files: 20,
  fields: 20,
  parts: 40,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
} as const;

/** One file part of a multipart upload, as @fastify/multipart hands it over. */
export interface UploadPart {
  filename: string;
  /** busboy's file stream: `truncated` once the file size limit cut it, with a 'limit' event then. */
  file: Readable & { truncated?: boolean };
}

const NO_BOUNDARY = 'The upload is not valid multipart/form-data: its Content-Type names no boundary';
const CUT_OFF = 'The upload ended before its form data was complete (it was cut off or is not valid multipart/form-data)';

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

const tooMany = (message: string) => new AppError('too-large', message);

/**
 * The product's own answer for a failure of the multipart parser (@fastify/multipart, busboy):
 * a limit passed answers 413 naming it, a malformed or cut-off body 400. Never the library's
 * words, never a 5xx: the parser fails only on what the client sent. `fileTooLarge` builds the
 * answer for a file over the size limit (it knows the limits by kind).
 */
export function multipartError(error: unknown, fileTooLarge: (fileName: string) => AppError): AppError {
  if (error instanceof AppError) return error;
  switch (errorCode(error)) {
    case 'FST_FILES_LIMIT':
      return tooMany(`At most ${MULTIPART_LIMITS.files} files can be sent at once`);
    case 'FST_FIELDS_LIMIT':
      return tooMany(`At most ${MULTIPART_LIMITS.fields} form fields can be sent with the files`);
    case 'FST_PARTS_LIMIT':
      return tooMany(`At most ${MULTIPART_LIMITS.parts} parts (files and form fields together) can be sent at once`);
    case 'FST_REQ_FILE_TOO_LARGE': {
      const part = (error as { part?: { filename?: unknown } }).part;
      return fileTooLarge(sanitizeFileName(typeof part?.filename === 'string' ? part.filename : ''));
    }
    case 'FST_PROTO_VIOLATION':
      return new AppError('validation', 'A form field cannot be named __proto__, constructor or the like');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('validation', 'A form field sent as JSON is not valid JSON');
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('validation', CUT_OFF);
    default:
      break;
  }
  const text = errorText(error);
  // busboy refuses to start without a usable boundary (missing, empty or over 256 characters).
  if (/boundary|needle/i.test(text)) {
    return new AppError('validation', NO_BOUNDARY);
  }
  return new AppError('validation', CUT_OFF);
}

/** The boundary a multipart Content-Type names: 1 to 70 characters (RFC 2046), else undefined. */
function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 70 ? boundary : undefined;
}

/**
 * The file parts of a multipart request, in order. Plain fields are not used, but one cut short
 * by the size limit is refused rather than silently shortened. Every parser failure comes out as
 * the product's own answer (see multipartError).
 */
export async function* fileParts(request: FastifyRequest, fileTooLarge: (fileName: string) => AppError): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw new AppError('unsupported-media-type', 'Send the files as multipart/form-data');
  if (!boundaryOf(request.headers['content-type'])) throw new AppError('validation', NO_BOUNDARY);
  let iterator: AsyncIterator<Multipart>;
  try {
    iterator = request.parts()[Symbol.asyncIterator]();
  } catch (error) {
    throw multipartError(error, fileTooLarge);
  }
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw multipartError(error, fileTooLarge);
    }
    if (next.done) return;
    const part = next.value;
    if (part.type === 'file') {
      yield { filename: part.filename, file: part.file };
    } else if (part.fieldnameTruncated) {
      throw new AppError('validation', `A form field's name is longer than the ${MULTIPART_LIMITS.fieldNameSize} characters allowed`);
    } else if (part.valueTruncated) {
      throw tooMany(`The form field ${part.fieldname} is longer than the ${MULTIPART_LIMITS.fieldSize / 1024} KB allowed`);
    }
  }
}
