import { TRPCClientError } from '@trpc/client';
import { NETWORK_ERROR, UNKNOWN_ERROR, type RegradeNeeded, type StaleCopy } from '../../../shared/http/errors.ts';
import { UploadError } from './upload.ts';

/**
 * A failure that never got an answer from the server (the server is down, the
 * connection dropped). fetch and our XHR uploads report those as a TypeError.
 */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (error instanceof TRPCClientError) return error.data == null && error.cause instanceof TypeError;
  return false;
}

function messageProperty(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  const { message } = error;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * The one rule for what a failed call shows: the server's message when it sent one,
 * "Network error" when the server could not be reached, otherwise "Unknown error".
 */
export function errorMessage(error: unknown): string {
  if (isNetworkFailure(error)) return NETWORK_ERROR;
  // A tRPC error without data did not come from our error formatter (e.g. a proxy's HTML page).
  if (error instanceof TRPCClientError) return error.data == null ? UNKNOWN_ERROR : (messageProperty(error) ?? UNKNOWN_ERROR);
  return messageProperty(error) ?? UNKNOWN_ERROR;
}

/** True when the server answered that the caller is not signed in (any more). */
export function isUnauthenticated(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null) return false;
  return ('code' in data && data.code === 'UNAUTHORIZED') || ('type' in data && data.type === 'unauthenticated');
}

function trpcData(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

/** The message the server answered with, or undefined when there was no answer (or no message). */
export function serverMessageOf(error: unknown): string | undefined {
  if (isNetworkFailure(error)) return undefined;
  if (error instanceof TRPCClientError) return error.data == null ? undefined : messageProperty(error);
  if (error instanceof UploadError) return messageProperty(error);
  return undefined;
}

/**
 * For the screens whose catalogue names their own fallback ("the message or 'Something
 * went wrong'"): the server's message when it sent one, else `fallback`.
 */
export function messageOr(error: unknown, fallback: string): string {
  return serverMessageOf(error) ?? fallback;
}

/** The server's error type (validation, has-warnings, ...), when it answered one. */
export function errorTypeOf(error: unknown): string | undefined {
  if (error instanceof UploadError) return error.type;
  const type = trpcData(error)?.type;
  return typeof type === 'string' ? type : undefined;
}

/** The messages of a validation answer's issues (`[{ field, message }]`), in the server's order. */
function messagesOfIssues(issues: readonly unknown[]): string[] {
  return issues.flatMap((issue) => {
    if (typeof issue !== 'object' || issue === null || !('message' in issue) || typeof issue.message !== 'string') return [];
    return [issue.message];
  });
}

/** A list is worth showing under a message when it says more than the message (one issue is the message itself). */
function listedIssues(messages: readonly string[]): string[] {
  return messages.length > 1 ? [...messages] : [];
}

/**
 * The list a failure shows under its message, in the server's order: the blockers of a has-warnings
 * answer, or the message of each field a validation answer refused when it refused several; empty
 * otherwise.
 */
export function errorWarnings(error: unknown): string[] {
  if (error instanceof UploadError) return error.warnings ? [...error.warnings] : listedIssues(messagesOfIssues(error.issues ?? []));
  const data = trpcData(error);
  if (Array.isArray(data?.warnings)) return data.warnings.filter((warning): warning is string => typeof warning === 'string');
  return Array.isArray(data?.issues) ? listedIssues(messagesOfIssues(data.issues)) : [];
}

/** A save refused because someone saved after the editor loaded: what is stored now, and who saved it. */
export function staleCopyOf(error: unknown): StaleCopy | null {
  const stale = trpcData(error)?.stale;
  if (typeof stale !== 'object' || stale === null) return null;
  const { version, updatedAt, updatedBy } = stale as Record<string, unknown>;
  if (typeof version !== 'number' || typeof updatedAt !== 'string') return null;
  return { version, updatedAt, updatedBy: typeof updatedBy === 'string' ? updatedBy : null };
}

/** A save refused because it would re-mark submitted attempts: how many (it is applied as a regrade instead). */
export function regradeNeededOf(error: unknown): RegradeNeeded | null {
  const regrade = trpcData(error)?.regrade;
  if (typeof regrade !== 'object' || regrade === null) return null;
  const { attempts } = regrade as Record<string, unknown>;
  return typeof attempts === 'number' ? { attempts } : null;
}

/** A refused field's name in the form: `value.exams.2` → `exams` (the part after the input's wrapper). */
export function formFieldName(path: string): string {
  const parts = path.split('.').filter((part) => part !== '');
  const inside = ['value', 'input', 'body', 'query', 'params'].includes(parts[0] ?? '') ? parts.slice(1) : parts;
  return inside[0] ?? parts[0] ?? path;
}

/** The fields a validation answer named, each with its message (the first message per field). */
export function refusedFieldsOf(error: unknown): Record<string, string> {
  const data = trpcData(error);
  if (!data) return {};
  const found: Record<string, string> = {};
  const issues = Array.isArray(data.issues) ? data.issues : [];
  for (const issue of issues) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { field, message } = issue as Record<string, unknown>;
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    found[formFieldName(field)] ??= message;
  }
  if (typeof data.field === 'string') found[formFieldName(data.field)] ??= errorMessage(error);
  return found;
}
