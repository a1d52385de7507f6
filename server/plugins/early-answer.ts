import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer sent before the request's body has fully arrived (an upload refused for its type,
 * size or access after its first bytes) closes the connection: `Connection: close` makes Node end
 * the socket once the answer is out, instead of waiting for a body nobody reads any more.
 *
 * Without it the connection stays open and unread, the browser's upload stalls against a full
 * socket, and XMLHttpRequest shows neither the answer nor an error: the progress bar hangs. With
 * it, the browser's send fails and Chromium, Firefox and Safari then read the answer already
 * received, so the console shows the server's message at once.
 */
export async function closeConnectionAfterEarlyAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  // `complete` is false on a real request whose body is still arriving (app.inject has none).
  if (request.raw.complete === false) void reply.header('connection', 'close');
  return payload;
}
