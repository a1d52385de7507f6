import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** JSON already made into text, kept for many readers, with its gzip made once when first asked for. */
export class JsonText {
  private gzipped: Buffer | undefined;
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  gzip(): Buffer {
    this.gzipped ??= gzipSync(this.text);
    return this.gzipped;
  }
}

/** Answers below this size are sent as they are: compressing them saves little. */
const GZIP_FROM_BYTES = 8 * 1024;

function acceptsGzip(request: FastifyRequest): boolean {
  const accepted = request.headers['accept-encoding'];
  return typeof accepted === 'string' && /\bgzip\b/.test(accepted) && !/\bgzip;\s*q=0(\.0*)?\b/.test(accepted);
}

/**
 * Sends JSON that is already text (checked against the route's schema when it was made) without
 * serializing it again, gzipped when the client takes gzip and the answer is large.
 */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: JsonText): FastifyReply {
  reply.serializer((payload: unknown) => payload as string);
  reply.type('application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  if (json.text.length >= GZIP_FROM_BYTES && acceptsGzip(request)) {
    reply.header('content-encoding', 'gzip');
    // The route's response type describes the object this text encodes.
    return reply.send(json.gzip() as never);
  }
  return reply.send(json.text as never);
}
