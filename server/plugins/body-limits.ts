import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { Transform } from 'node:stream';
import type { ScreenKey } from '../../shared/auth/roles.ts';
import { requireConsoleActor, requireScreen } from '../access/access.ts';
import { AppError } from '../errors.ts';
import type { ProcedureMeta } from '../trpc/trpc.ts';

const MiB = 1024 * 1024;

/** What a call takes unless it says otherwise (Fastify's own default). */
export const DEFAULT_BODY_LIMIT = 1 * MiB;
/**
 * A whole exam: up to 5,000 questions, each with its text, up to ten options, a solution and
 * tags, often in Malayalam (three bytes a character). About 6 KB a question at the most that
 * staff write, so 30 MB, with room.
 */
export const EXAM_SAVE_BODY_LIMIT = 32 * MiB;

/** tRPC procedures that take more than the default, each with its limit. */
const TRPC_BODY_LIMITS: Readonly<Record<string, number>> = { 'exams.save': EXAM_SAVE_BODY_LIMIT };
const TRPC_MAX_BODY = Math.max(DEFAULT_BODY_LIMIT, ...Object.values(TRPC_BODY_LIMITS));

export function tooLarge(limit: number): AppError {
  return new AppError('too-large', `The request is too large: this call takes at most ${Math.round((limit / MiB) * 10) / 10} MB`);
}

/** The procedures of a tRPC call (`/trpc/exams.save,exams.get?batch=1`); an address that does not decode is taken as it is. */
export function trpcProcedures(url: string): string[] {
  const path = url.slice('/trpc/'.length).split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A bad percent-encoding, answered 400 naming the address.
  }
  return decoded.split(',').filter(Boolean);
}

function countBytes(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(tooLarge(limit));
      else done(null, chunk);
    },
  });
}

/**
 * Body limits per call, from what each must accept: the default everywhere, more for the
 * few calls that carry a whole document. REST routes set theirs with `bodyLimit`; tRPC calls
 * share one route, so their limit is looked up by procedure here, and a caller must hold the
 * procedure's screen before a large body is read.
 */
async function bodyLimits(app: FastifyInstance, options: { procedures: Record<string, { _def: { meta?: ProcedureMeta } }> }): Promise<void> {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.startsWith('/trpc')) route.bodyLimit = TRPC_MAX_BODY;
  });
  const limitFor = (request: FastifyRequest) => Math.max(DEFAULT_BODY_LIMIT, ...trpcProcedures(request.url).map((name) => TRPC_BODY_LIMITS[name] ?? 0));

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/trpc/') || limitFor(request) === DEFAULT_BODY_LIMIT) return;
    for (const name of trpcProcedures(request.url)) {
      if (!TRPC_BODY_LIMITS[name]) continue;
      const screen = options.procedures[name]?._def.meta?.screen;
      if (screen === 'console' || !screen) await requireConsoleActor(request.ctx);
      else await requireScreen(request.ctx, screen as ScreenKey);
    }
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.url.startsWith('/trpc/')) return payload;
    const limit = limitFor(request);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
    return payload.pipe(countBytes(limit));
  });
}

export default fp(bodyLimits, { name: 'body-limits', dependencies: ['admin-access'] });
