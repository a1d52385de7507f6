/** An upload the server answered with an error status; `message` is the server's when it sent one. */
export class UploadError extends Error {
  readonly status: number;
  /** The server's error type (e.g. validation, has-warnings), when it sent one. */
  readonly type: string | undefined;
  readonly warnings: readonly string[] | undefined;
  constructor(message: string, status: number, details: { type?: string | undefined; warnings?: readonly string[] | undefined } = {}) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
    this.type = details.type;
    this.warnings = details.warnings;
  }
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

function serverDetails(body: unknown): { type?: string; warnings?: string[] } {
  if (typeof body !== 'object' || body === null) return {};
  const details: { type?: string; warnings?: string[] } = {};
  if ('type' in body && typeof body.type === 'string') details.type = body.type;
  if ('warnings' in body && Array.isArray(body.warnings)) details.warnings = body.warnings.filter((w): w is string => typeof w === 'string');
  return details;
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends files as multipart form data with XMLHttpRequest, which (unlike fetch)
 * reports upload progress. Resolves with the parsed JSON answer. A connection
 * failure rejects with a TypeError, like fetch, so the error rule says "Network error".
 */
export function uploadFiles<T = unknown>(url: string, files: readonly File[], options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', fieldPrefix = 'file_', fieldName, fallbackMessage, isAnswer, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const form = new FormData();
    files.forEach((file, index) => form.append(fieldName ?? `${fieldPrefix}${index}`, file, file.name));

    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && (isAnswer?.(body) ?? true)) {
        onProgress?.(100);
        resolve(body as T);
      } else {
        const message = serverMessage(body) ?? fallbackMessage ?? `Upload failed (${xhr.status})`;
        reject(new UploadError(message, xhr.status, serverDetails(body)));
      }
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
