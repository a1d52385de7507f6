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
