/** The fixed set of error types every failure answers with. */
export const ERROR_TYPES = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not-found',
  'conflict',
  'has-warnings',
  'rate-limited',
  'unavailable',
  'internal',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/** The HTTP status each error type answers with (the one table: REST, tRPC and the console read it). */
export const STATUS_OF_ERROR: Record<ErrorType, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'has-warnings': 409,
  'rate-limited': 429,
  unavailable: 503,
  internal: 500,
};

/**
 * The error type of a status answered without one (Fastify's own refusals, a proxy): the first
 * type with that status (409 is a conflict); other 4xx are the caller's mistake, 5xx ours.
 */
export function errorTypeOfStatus(status: number): ErrorType {
  const found = ERROR_TYPES.find((type) => STATUS_OF_ERROR[type] === status);
  return found ?? (status >= 500 ? 'internal' : 'validation');
}

/** Who saved a record last, answered when a save was made from an older copy of it. */
export interface StaleCopy {
  /** The version now stored: a save with this version would be accepted. */
  version: number;
  /** When it was saved (ISO 8601). */
  updatedAt: string;
  /** Who saved it: a name or an e-mail address; null when the account is gone. */
  updatedBy: string | null;
}

export interface ErrorBody {
  message: string;
  type?: ErrorType;
  warnings?: string[];
  /** A validation error's field, e.g. `value.title` (`query.page` and `params.id` for the address). */
  field?: string;
  /** Every field that was wrong, each message naming its field. */
  issues?: Array<{ field: string; message: string }>;
  /** A save made from an older copy: what is stored now. */
  stale?: StaleCopy;
}

export const NETWORK_ERROR = 'Network error';
export const UNKNOWN_ERROR = 'Unknown error';
