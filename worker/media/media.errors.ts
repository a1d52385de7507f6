import { AppError } from '../../server/errors.ts';

/**
 * The media library's failures are AppErrors (the one error type), so the queue and the
 * API show their message as they are; the subclasses let a worker tell them apart
 * (retrying makes sense for none of them but a failed process).
 */

/** The uploaded file cannot be used: not a video or PDF, unreadable, password-protected. */
export class MediaInputError extends AppError {
  constructor(message: string) {
    super('validation', message);
    this.name = 'MediaInputError';
  }
}

/** ffmpeg, ffprobe, GraphicsMagick or Ghostscript is not installed where the settings say. */
export class MediaToolMissingError extends AppError {
  readonly tool: string;
  constructor(tool: string, message: string) {
    super('unavailable', message);
    this.name = 'MediaToolMissingError';
    this.tool = tool;
  }
}

/** A tool ran and failed; the message ends with the last lines it printed. */
export class MediaProcessError extends AppError {
  readonly exitCode: number | null;
  readonly stderrTail: string;
  constructor(message: string, options: { exitCode?: number | null; stderrTail?: string } = {}) {
    super('internal', message);
    this.name = 'MediaProcessError';
    this.exitCode = options.exitCode ?? null;
    this.stderrTail = options.stderrTail ?? '';
  }
}

/** The error an aborted operation rejects with: the signal's reason when it is an Error. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error(typeof reason === 'string' ? reason : 'The operation was aborted');
  error.name = 'AbortError';
  return error;
}
