import { NETWORK_ERROR, UNKNOWN_ERROR } from '../../../shared/http/errors.ts';

export type ExportFormat = 'csv' | 'xlsx';

/** How far an export has come: bytes received, and for a CSV the rows (its records after the heading). */
export interface ExportProgress {
  bytes: number;
  rows: number | null;
}

/** An export that did not arrive whole: the server's message, or what went wrong on the way. */
export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}

export const EXPORT_CUT_SHORT = 'The export stopped before its end (the connection broke or the server failed). Please try again.';

/** The file name the answer's Content-Disposition gives, or `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const name = disposition?.match(/filename="([^"]+)"/)?.[1];
  return name && /^[\w.-]+$/.test(name) ? name : fallback;
}

/** The address of a list's export: its path with the format, and the filters that have a value. */
export function exportUrl(path: string, format: ExportFormat, filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return `${path}.${format}${text ? `?${text}` : ''}`;
}

async function refusalOf(answer: Response): Promise<ExportError> {
  try {
    const body = (await answer.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return new ExportError(body.message);
  } catch {
    // Not the error body: the message below says what is known.
  }
  return new ExportError(UNKNOWN_ERROR);
}

/**
 * Downloads an export, reading the streamed answer as it arrives and telling `onProgress` after
 * each part; answers the file (its name and bytes). A refusal (a wrong filter, no access) throws
 * the server's message; an answer cut short throws EXPORT_CUT_SHORT; `signal` stops it.
 */
export async function downloadExport(url: string, format: ExportFormat, onProgress: (progress: ExportProgress) => void, signal?: AbortSignal) {
  let answer: Response;
  try {
    answer = await fetch(url, { credentials: 'same-origin', ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ExportError(NETWORK_ERROR);
  }
  if (!answer.ok || !answer.body) throw await refusalOf(answer);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const reader = answer.body.getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    let part: ReadableStreamReadResult<Uint8Array<ArrayBuffer>>;
    try {
      part = await reader.read();
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ExportError(EXPORT_CUT_SHORT);
    }
    if (part.done) break;
    parts.push(part.value);
    bytes += part.value.byteLength;
    if (format === 'csv') for (const byte of part.value) if (byte === 10) lines += 1;
    onProgress({ bytes, rows: format === 'csv' ? Math.max(0, lines - 1) : null });
  }
  const type = format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return { name: attachmentName(answer.headers.get('content-disposition'), `export.${format}`), file: new Blob(parts, { type }) };
}

/** Hands a downloaded file to the browser to save. */
export function saveFile(name: string, file: Blob): void {
  const href = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
