import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** JSON already made into text, kept for many readers, with its gzip made once when first asked for. */
export class JsonText {
  private gzipped: Buffer | undefined;
  private tag: string | undefined;
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  /** A strong entity tag of the text: the same text, the same tag. */
  etag(): string {
    this.tag ??= `"${createHash('sha256').update(this.text).digest('base64url').slice(0, 32)}"`;
    return this.tag;
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

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  // Weak comparison, as RFC 9110 asks for If-None-Match (a proxy may have marked the tag weak).
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === `W/${etag}`;
  });
}

/**
 * Sends JSON that is already text (checked against the route's schema when it was made) without
 * serializing it again, gzipped when the client takes gzip and the answer is large. It carries an
 * ETag: an app asking again with If-None-Match gets 304 and no body while nothing changed for it.
 * The answer is for the signed-in user only (private) and is checked again on every use (no-cache).
 */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: JsonText): FastifyReply {
  reply.serializer((payload: unknown) => payload as string);
  reply.type('application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding, cookie, authorization');
  reply.header('cache-control', 'private, no-cache');
  reply.header('etag', json.etag());
  if (matches(request, json.etag())) return reply.code(304).send();
  if (json.text.length >= GZIP_FROM_BYTES && acceptsGzip(request)) {
    reply.header('content-encoding', 'gzip');
    // The route's response type describes the object this text encodes.
    return reply.send(json.gzip() as never);
  }
  return reply.send(json.text as never);
}
