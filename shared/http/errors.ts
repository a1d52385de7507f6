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

export interface ErrorBody {
  message: string;
  type?: ErrorType;
  warnings?: string[];
}

export const NETWORK_ERROR = 'Network error';
export const UNKNOWN_ERROR = 'Unknown error';
