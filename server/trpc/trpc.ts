import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import type { ErrorType } from '../../shared/http/errors.ts';
import { ABILITIES, type Ability, type ScreenKey } from '../../shared/auth/roles.ts';
import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { requireActor, requireConsoleActor, requireScreen } from '../auth/access.ts';

export interface TrpcContext {
  ctx: RequestContext;
  /** Set by the adapter so that rate-limited answers carry Retry-After. */
  setHeader(name: string, value: string): void;
}

const CODE_BY_TYPE: Record<ErrorType, TRPC_ERROR_CODE_KEY> = {
  validation: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  'not-found': 'NOT_FOUND',
  conflict: 'CONFLICT',
  'has-warnings': 'CONFLICT',
  'rate-limited': 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_SERVER_ERROR',
};

const INTERNAL_MESSAGE = 'Something went wrong. Please try again.';

function errorTypeOf(error: TRPCError): ErrorType {
  if (error.cause instanceof AppError) return error.cause.type;
  if (error.cause instanceof ZodError || error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') return 'validation';
  const found = (Object.entries(CODE_BY_TYPE) as [ErrorType, TRPC_ERROR_CODE_KEY][]).find(([, code]) => code === error.code);
  return found?.[0] ?? 'internal';
}

export interface ProcedureMeta {
  /** The console screen a procedure belongs to ('console': any console role); tests walk this to check every role. */
  screen?: ScreenKey | 'console';
  /** An action within the screen that only some of its roles may take. */
  ability?: Ability;
}

const t = initTRPC.context<TrpcContext>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error }) {
    const type = errorTypeOf(error);
    let message = error.message;
    if (error.cause instanceof ZodError) message = error.cause.issues[0]?.message ?? 'Invalid request';
    if (type === 'internal') message = INTERNAL_MESSAGE;
    const warnings = error.cause instanceof AppError ? error.cause.warnings : undefined;
    return { ...shape, message, data: { ...shape.data, stack: undefined, type, ...(warnings ? { warnings } : {}) } };
  },
});

/** Turns the services' AppError into the tRPC error with the matching HTTP status. */
const appErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      if (cause.retryAfterSeconds) ctx.setHeader('retry-after', String(cause.retryAfterSeconds));
      throw new TRPCError({ code: CODE_BY_TYPE[cause.type], message: cause.message, cause });
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR') ctx.ctx.log.error({ err: cause ?? result.error }, 'tRPC procedure failed');
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(appErrors);
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  await requireActor(ctx.ctx);
  return next();
});
/** Any console role: admin, staff, marketing or manager. */
export const consoleProcedure = publicProcedure.meta({ screen: 'console' }).use(async ({ ctx, next }) => {
  await requireConsoleActor(ctx.ctx);
  return next();
});
/** A procedure of one console screen: roles the side bar hides it from get 403. */
export function screenProcedure(screen: ScreenKey) {
  return publicProcedure.meta({ screen }).use(async ({ ctx, next }) => {
    await requireScreen(ctx.ctx, screen);
    return next();
  });
}
/** A screen's procedure that only roles with the ability may call (e.g. staff may not pull into the queue). */
export function abilityProcedure(screen: ScreenKey, ability: Ability) {
  return publicProcedure.meta({ screen, ability }).use(async ({ ctx, next }) => {
    const actor = await requireScreen(ctx.ctx, screen);
    if (!ABILITIES[ability](actor.roles)) throw new AppError('forbidden', MESSAGES.actionForbidden);
    return next();
  });
}
export const createCallerFactory = t.createCallerFactory;
