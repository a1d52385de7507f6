import type { FastifyReply } from 'fastify';

/** Answers a PDF shown in the browser (or saved under its name), private to the caller. */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .serializer((payload: unknown) => payload as string)
    .send(pdf as never);
}
