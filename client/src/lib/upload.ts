interface UploadErrorDetails {
  type?: string | undefined;
  warnings?: readonly string[] | undefined;
  issues?: readonly unknown[] | undefined;
}

/** An upload the server answered with an error status; `message` is the server's when it sent one. */
export class UploadError extends Error {
  readonly status: number;
  /** The server's error type (e.g. validation, has-warnings), when it sent one. */
  readonly type: string | undefined;
  /** A has-warnings answer's blockers. */
  readonly warnings: readonly string[] | undefined;
  /** A validation answer's issues (`[{ field, message }]`), as the server sent them. */
  readonly issues: readonly unknown[] | undefined;
  constructor(message: string, status: number, details: UploadErrorDetails = {}) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
    this.type = details.type;
    this.warnings = details.warnings;
    this.issues = details.issues;
  }
}

/**
 * The message of an upload whose connection ended after bytes had gone out and before an answer
 * could be read: the server refused it and closed the connection, or the network dropped it.
 */
export const UPLOAD_INTERRUPTED_MESSAGE = 'The upload was refused or interrupted before the server could answer. Check the file and try again.';

/** A file the console refuses before sending it, with the message the server would give. */
export function refusedBeforeSending(message: string): UploadError {
  return new UploadError(message, 0, { type: 'validation' });
}

export interface UploadOptions {
  /** POST for new files (the default); PUT replaces a file's content (/api/assets/replace/{id}). */
  method?: 'POST' | 'PUT';
  /** Form field names are `${fieldPrefix}0`, `${fieldPrefix}1`, ... (the asset API's file_0, file_1). */
  fieldPrefix?: string;
  /** One exact form field name for the files instead of the numbered ones (the spreadsheet API's `csv`). */
  fieldName?: string;
  /**
   * The message of an error answer that carries none of the server's; by default `Upload failed (status)`.
   * '' leaves it to the console's error rule, which then says "Unknown error".
   */
  fallbackMessage?: string;
  /** Checks a 2xx answer's shape; an answer it refuses rejects like an error answer. */
  isAnswer?: (body: unknown) => boolean;
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message !== '') {
    return body.message;
  }
  return undefined;
}

function serverDetails(body: unknown): UploadErrorDetails {
  if (typeof body !== 'object' || body === null) return {};
  const details: { type?: string; warnings?: string[]; issues?: unknown[] } = {};
  if ('type' in body && typeof body.type === 'string') details.type = body.type;
  if ('warnings' in body && Array.isArray(body.warnings)) details.warnings = body.warnings.filter((w): w is string => typeof w === 'string');
  if ('issues' in body && Array.isArray(body.issues)) details.issues = body.issues;
  return details;
}

/** XMLHttpRequest.HEADERS_RECEIVED: the answer's status and headers are in. */
const HEADERS_RECEIVED = 2;

function parseJson(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends files as multipart form data with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. Resolves with the parsed JSON answer.
 *
 * A server refusing a file answers before the body is sent and closes the connection. The browser
 * then stops sending and hands over the answer (`load`), and the promise settles at once with the
 * server's message. Where the connection ended and the answer could not be read (`error`): the
 * status, if the headers came, else "refused or interrupted" once bytes had gone out. A failure
 * before anything was sent rejects with a TypeError, like fetch, so the error rule says "Network error".
 */
export function uploadFiles<T = unknown>(url: string, files: readonly File[], options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', fieldPrefix = 'file_', fieldName, fallbackMessage, isAnswer, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const form = new FormData();
    files.forEach((file, index) => form.append(fieldName ?? `${fieldPrefix}${index}`, file, file.name));

    const xhr = new XMLHttpRequest();
    let settled = false;
    let bytesSent = 0;
    /** The status of an answer whose headers have arrived, before its body has. */
    let answeredStatus = 0;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    const refuse = (status: number, body: unknown) => {
      const message = serverMessage(body) ?? fallbackMessage ?? `Upload failed (${status})`;
      settle(() => reject(new UploadError(message, status, serverDetails(body))));
    };

    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      bytesSent = Math.max(bytesSent, event.loaded);
      if (event.lengthComputable && event.total > 0) onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onreadystatechange = () => {
      if (xhr.readyState >= HEADERS_RECEIVED && xhr.status > 0) answeredStatus = xhr.status;
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && (isAnswer?.(body) ?? true)) {
        onProgress?.(100);
        settle(() => resolve(body as T));
      } else {
        refuse(xhr.status, body);
      }
    };
    xhr.onerror = () => {
      // No request after this one: whatever the server said has arrived, or never will.
      if (answeredStatus > 0) refuse(answeredStatus, parseJson(xhr.responseText));
      else if (bytesSent > 0) settle(() => reject(new UploadError(UPLOAD_INTERRUPTED_MESSAGE, 0)));
      else settle(() => reject(new TypeError('Network request failed')));
    };
    xhr.onabort = () => settle(() => reject(new DOMException('The upload was cancelled', 'AbortError')));
    if (signal) {
      if (signal.aborted) {
        // Not sent yet: abort() would fire no event.
        settle(() => reject(new DOMException('The upload was cancelled', 'AbortError')));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
