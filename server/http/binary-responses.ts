import { z } from 'zod';

const bytes = z.string().meta({ format: 'binary' });

/** A documented answer whose body is a file of one of `mediaTypes` (a PDF, a playlist, an image), not JSON. */
export function binaryResponse(description: string, ...mediaTypes: string[]) {
  return { description, content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: bytes }])) };
}

/** A stored file's answers besides 200: part of it (a Range request) and not modified (its ETag sent back). */
export function storedFileResponses(...mediaTypes: string[]) {
  return {
    206: binaryResponse('Part of the file, as the Range header asked (Content-Range says which bytes)', ...mediaTypes),
    304: notModifiedResponse,
  };
}

/** 304 to an If-None-Match that still names the answer's ETag: no body. */
export const notModifiedResponse = z.null().describe('Not modified: the If-None-Match ETag is still the answer’s (no body)');
