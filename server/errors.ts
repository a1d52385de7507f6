import type { ErrorBody, ErrorType } from '../shared/http/errors.ts';

const STATUS_BY_TYPE: Record<ErrorType, number> = {
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

/** The one error type services throw; adapters turn it into `{ message, type, warnings }`. */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly warnings: string[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly statusCode: number;

  constructor(
    type: ErrorType,
    message: string,
    options: { warnings?: string[]; retryAfterSeconds?: number; statusCode?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.type = type;
    this.warnings = options.warnings;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.statusCode = options.statusCode ?? STATUS_BY_TYPE[type];
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      type: this.type,
      ...(this.warnings ? { warnings: this.warnings } : {}),
    };
  }
}

export function statusForType(type: ErrorType): number {
  return STATUS_BY_TYPE[type];
}
