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
 * Failures that answer with a status of their own while their body keeps one of the types above:
 * a client reads the type, and the status tells it (and any proxy) what exactly was refused.
 */
export const ERROR_KINDS = {
  /** A feature the server was started without (no payment gateway, no Google sign-in). */
  'not-configured': { type: 'unavailable', status: 501 },
  /** The address exists, for other methods (the answer's Allow header lists them). */
  'method-not-allowed': { type: 'validation', status: 405 },
  'too-large': { type: 'validation', status: 413 },
  'unsupported-media-type': { type: 'validation', status: 415 },
  /** Held by another request for a moment (an upload being finished): try again shortly. */
  locked: { type: 'conflict', status: 423 },
} as const satisfies Record<string, { type: ErrorType; status: number }>;

/** What a service raises: an error type, or a finer kind answered with one of those types. */
export type ErrorKind = ErrorType | keyof typeof ERROR_KINDS;

function isFinerKind(kind: ErrorKind): kind is keyof typeof ERROR_KINDS {
  return Object.hasOwn(ERROR_KINDS, kind);
}

/** The type an error of this kind answers with in its body. */
export function typeOfKind(kind: ErrorKind): ErrorType {
  return isFinerKind(kind) ? ERROR_KINDS[kind].type : kind;
}

/** The HTTP status an error of this kind answers with. */
export function statusOfKind(kind: ErrorKind): number {
  return isFinerKind(kind) ? ERROR_KINDS[kind].status : STATUS_OF_ERROR[kind];
}

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
  /** A save that would re-mark submitted attempts (409): it is applied as a regrade instead. */
  regrade?: RegradeNeeded;
}

/** How many submitted attempts a save would re-mark. */
export interface RegradeNeeded {
  attempts: number;
}

export const NETWORK_ERROR = 'Network error';
export const UNKNOWN_ERROR = 'Unknown error';
