import { statusOfKind, typeOfKind, type ErrorBody, type ErrorKind, type ErrorType, type RegradeNeeded, type StaleCopy } from '../shared/http/errors.ts';
import type { FieldIssue } from '../shared/validation/messages.ts';

export interface AppErrorOptions {
  /** What blocks the action, for a has-warnings refusal (a validation error lists its `issues`). */
  warnings?: string[];
  retryAfterSeconds?: number;
  /** The field a validation error is about. */
  field?: string;
  issues?: FieldIssue[];
  stale?: StaleCopy;
  regrade?: RegradeNeeded;
}

/** The one error type services throw; adapters turn it into `{ message, type, ... }`. */
export class AppError extends Error {
  /** What went wrong; it decides the body's type and the HTTP status (see ERROR_KINDS). */
  readonly kind: ErrorKind;
  readonly type: ErrorType;
  readonly warnings: string[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly statusCode: number;
  readonly field: string | undefined;
  readonly issues: FieldIssue[] | undefined;
  readonly stale: StaleCopy | undefined;
  readonly regrade: RegradeNeeded | undefined;

  constructor(kind: ErrorKind, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.type = typeOfKind(kind);
    this.warnings = options.warnings;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.statusCode = statusOfKind(kind);
    this.field = options.field;
    this.issues = options.issues;
    this.stale = options.stale;
    this.regrade = options.regrade;
  }

  /** A validation error for these issues: the first one's message, every one listed. */
  static fromIssues(issues: FieldIssue[]): AppError {
    const [first] = issues;
    return new AppError('validation', first?.message ?? 'The request is not valid', {
      field: first?.field,
      issues,
    });
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      type: this.type,
      ...(this.warnings ? { warnings: this.warnings } : {}),
      ...(this.field !== undefined ? { field: this.field } : {}),
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.stale ? { stale: this.stale } : {}),
      ...(this.regrade ? { regrade: this.regrade } : {}),
    };
  }
}
