import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { ERROR_TYPES, type ErrorBody, type ErrorType } from '../../shared/http/errors.ts';
import { trpcCodeOfType } from './error-codes.ts';
import { describeIssues, findUnstorableText } from '../../shared/validation/messages.ts';
import { ABILITIES, type Ability, type ScreenKey } from '../../shared/auth/roles.ts';
import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { isQueryCanceled, timedOutError } from '../db/statement-timeout.ts';
import { requireActor, requireConsoleActor, requireScreen } from '../access/access.ts';

/** A procedure's context is its request's service context, as REST handlers get it. */
export interface TrpcContext extends RequestContext {
  /** Set by the adapter so that rate-limited answers carry Retry-After. */
  setHeader(name: string, value: string): void;
}

/** tRPC's own refusals of a call (wrong method, body type or size): the caller's mistake, not ours. */
const CALLER_ERRORS: ReadonlySet<TRPC_ERROR_CODE_KEY> = new Set([
  'BAD_REQUEST',
  'PARSE_ERROR',
  'METHOD_NOT_SUPPORTED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE_CONTENT',
  'PRECONDITION_FAILED',
]);

const INTERNAL_MESSAGE = 'Something went wrong. Please try again.';

function errorTypeOf(error: TRPCError): ErrorType {
  if (error.cause instanceof AppError) return error.cause.type;
  if (error.cause instanceof ZodError || CALLER_ERRORS.has(error.code)) return 'validation';
  return ERROR_TYPES.find((type) => trpcCodeOfType(type) === error.code) ?? 'internal';
}

function callerMessage(error: TRPCError): string {
  if (error.code === 'METHOD_NOT_SUPPORTED') return `${error.message}: queries take GET and mutations take POST`;
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return 'tRPC calls take JSON (Content-Type: application/json)';
  if (error.code === 'PARSE_ERROR') return 'The input is not valid JSON';
  return error.message;
}

export interface ProcedureMeta {
  /** The console screen a procedure belongs to ('console': any console role); tests walk this to check every role. */
  screen?: ScreenKey | 'console';
  /** An action within the screen that only some of its roles may take. */
  ability?: Ability;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const type = errorTypeOf(error);
      let message = callerMessage(error);
      let details: Pick<ErrorBody, 'warnings' | 'field' | 'issues' | 'stale' | 'regrade'> = {};
      if (error.cause instanceof ZodError) {
        const failure = AppError.fromIssues(describeIssues(error.cause.issues));
        message = failure.message;
        details = failure.toBody();
      } else if (error.cause instanceof AppError) {
        details = error.cause.toBody();
      }
      if (type === 'internal') message = INTERNAL_MESSAGE;
      const { warnings, field, issues, stale, regrade } = details;
      return {
        ...shape,
        message,
        data: {
          ...shape.data,
          stack: undefined,
          type,
          ...(warnings ? { warnings } : {}),
          ...(field !== undefined ? { field } : {}),
          ...(issues ? { issues } : {}),
          ...(stale ? { stale } : {}),
          ...(regrade ? { regrade } : {}),
        },
      };
    },
  });

/** Turns the services' AppError into the tRPC error with the matching HTTP status. */
const appErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    let cause = result.error.cause;
    if (isQueryCanceled(cause)) {
      // A statement that ran out of time answers 503 with Retry-After, as REST does.
      ctx.log.warn({ err: cause }, 'a statement ran out of time');
      cause = timedOutError();
    }
    if (cause instanceof AppError) {
      if (cause.retryAfterSeconds) ctx.setHeader('retry-after', String(cause.retryAfterSeconds));
      throw new TRPCError({ code: trpcCodeOfType(cause.type), message: cause.message, cause });
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR') ctx.log.error({ err: cause ?? result.error }, 'tRPC procedure failed');
  }
  return result;
});

export const router = t.router;
/** Text PostgreSQL cannot store is refused with its field named, as the REST routes do. */
const storableInput = t.middleware(async ({ getRawInput, next }) => {
  const found = findUnstorableText(await getRawInput());
  if (found) throw new AppError('validation', found.message, { field: found.field, issues: [found] });
  return next();
});

export const publicProcedure = t.procedure.use(appErrors).use(storableInput);
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  await requireActor(ctx);
  return next();
});
/** Any console role: admin, staff, marketing or manager. */
export const consoleProcedure = publicProcedure.meta({ screen: 'console' }).use(async ({ ctx, next }) => {
  await requireConsoleActor(ctx);
  return next();
});
/** A procedure of one console screen: roles the side bar hides it from get 403. */
export function screenProcedure(screen: ScreenKey) {
  return publicProcedure.meta({ screen }).use(async ({ ctx, next }) => {
    await requireScreen(ctx, screen);
    return next();
  });
}
/** A screen's procedure that only roles with the ability may call (e.g. staff may not pull into the queue). */
export function abilityProcedure(screen: ScreenKey, ability: Ability) {
  return publicProcedure.meta({ screen, ability }).use(async ({ ctx, next }) => {
    const actor = await requireScreen(ctx, screen);
    if (!ABILITIES[ability](actor.roles)) throw new AppError('forbidden', MESSAGES.actionForbidden);
    return next();
  });
}
