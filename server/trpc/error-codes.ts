import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { STATUS_OF_ERROR, type ErrorType } from '../../shared/http/errors.ts';

const CODE_OF_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** tRPC's name for an HTTP status (the status tRPC then answers with is the same). */
export function trpcCodeOfStatus(status: number): TRPC_ERROR_CODE_KEY {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

/** tRPC's code for an error type, through the type's one HTTP status. */
export function trpcCodeOfType(type: ErrorType): TRPC_ERROR_CODE_KEY {
  return trpcCodeOfStatus(STATUS_OF_ERROR[type]);
}
