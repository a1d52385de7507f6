import * as tus from 'tus-js-client';
import type { AccessMode, AssetKind, UploadedAsset } from '../../../shared/assets/assets.schema.ts';
import { RESUMABLE_CHUNK_BYTES, RESUMABLE_UPLOAD_PATH } from '../../../shared/assets/resumable-upload.rules.ts';
import { delay } from './delay.ts';
import { UploadError } from './upload.ts';

/** The tus endpoint as an absolute address (the form tus-js-client stores upload addresses in). */
export function resumableEndpoint(): string {
  return new URL(RESUMABLE_UPLOAD_PATH, window.location.origin).href;
}

/** How often finishing is asked again while another tab or request is storing the same upload. */
const FINISH_ATTEMPTS = 90;

function parseMessage(text: string): { message?: string; type?: string } {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null) {
      const { message, type } = body as { message?: unknown; type?: unknown };
      return { ...(typeof message === 'string' ? { message } : {}), ...(typeof type === 'string' ? { type } : {}) };
    }
  } catch {
    // Not JSON: the tus server's own plain-text answers ("Upload-Offset conflict").
  }
  return text.trim() === '' ? {} : { message: text.trim() };
}

/** The console's error for a failed tus request: the server's message, or "Network error" when none came. */
function uploadErrorOf(error: Error): Error {
  const response = (error as tus.DetailedError).originalResponse;
  if (!response) return new TypeError('Network request failed');
  const status = response.getStatus();
  const { message, type } = parseMessage(response.getBody() ?? '');
  return new UploadError(message ?? `Upload failed (${status})`, status, { type });
}

/**
 * POST {upload}/finish: the complete upload becomes a file (or, with `replaces`, POST
 * {upload}/replace/{fileId}: that file's new content); asked again while another request is storing it.
 */
async function finish(uploadUrl: string, replaces: string | undefined, signal?: AbortSignal): Promise<UploadedAsset> {
  const address = replaces ? `${uploadUrl}/replace/${encodeURIComponent(replaces)}` : `${uploadUrl}/finish`;
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    let text: string;
    try {
      response = await fetch(address, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, ...(signal ? { signal } : {}) });
      text = await response.text();
    } catch (error) {
      // A dropped connection or a server restarting: finishing again is safe (it answers the same file).
      if (signal?.aborted || attempt >= FINISH_ATTEMPTS) throw error;
      await delay(2000);
      continue;
    }
    if (response.ok) return JSON.parse(text) as UploadedAsset;
    if (response.status === 423 && attempt < FINISH_ATTEMPTS) {
      await delay(2000);
      continue;
    }
    const { message, type } = parseMessage(text);
    throw new UploadError(message ?? `Upload failed (${response.status})`, response.status, { type });
  }
}

/** Forgets the stored address of an upload that has become a file. */
async function forgetUploadAddress(uploadUrl: string): Promise<void> {
  const storage = tus.defaultOptions.urlStorage;
  for (const previous of await storage.findAllUploads()) {
    if (previous.uploadUrl === uploadUrl) await storage.removeUpload(previous.urlStorageKey);
  }
}

export interface ResumableUploadOptions {
  kind: AssetKind;
  /** Who may open the new file; a replaced file keeps its own. */
  accessMode: AccessMode;
  /** The id of a file whose content the upload replaces (as PUT /api/assets/replace/{id} does) instead of making a new file. */
  replaces?: string | undefined;
  /** Called with 0–100 as the bytes arrive (from where an earlier upload of the same file stopped). */
  onProgress?: (percent: number) => void;
  /** Stops sending; what has arrived is kept, and choosing the same file again resumes it. */
  signal?: AbortSignal;
}

/**
 * Uploads one file resumably (tus): in 16 MB chunks, retried after a dropped connection or a
 * server restart from where the server says it stopped. Its address is kept in localStorage under
 * the file's fingerprint (name, type, size, modification time), so choosing the same file again
 * after a reload resumes it. Resolves with the stored file, as the multipart upload does (with
 * `replaces`, the replaced file, as PUT /api/assets/replace/{id} does).
 */
export function uploadResumable(file: File, { kind, accessMode, replaces, onProgress, signal }: ResumableUploadOptions): Promise<UploadedAsset> {
  return new Promise<UploadedAsset>((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const upload = new tus.Upload(file, {
      endpoint: resumableEndpoint(),
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      // A replace carries no access (the file keeps its own), so the uploaders' lists of unfinished
      // uploads leave it out; its fingerprint names the file it replaces, so that only a replace of
      // that file resumes it.
      metadata: { filename: file.name, filetype: file.type, kind, ...(replaces ? {} : { accessMode }) },
      ...(replaces
        ? {
            fingerprint: async (chosen: File) =>
              `replace-${replaces}-${chosen.name}-${chosen.type}-${chosen.size}-${chosen.lastModified}-${resumableEndpoint()}`,
          }
        : {}),
      // Forgotten only once the file is stored (below): an upload whose finishing failed is
      // finished by choosing the same file again.
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: false,
      onProgress: (sent, total) => onProgress?.(total > 0 ? (sent / total) * 100 : 0),
      onSuccess: () => {
        if (!upload.url) {
          reject(new UploadError('The upload has no address to finish it at', 0));
          return;
        }
        const url = upload.url;
        finish(url, replaces, signal).then(async (asset) => {
          await forgetUploadAddress(url).catch(() => {});
          resolve(asset);
        }, reject);
      },
      onError: (error) => reject(uploadErrorOf(error)),
    });
    signal?.addEventListener(
      'abort',
      () => {
        void upload.abort(false);
        reject(aborted());
      },
      { once: true },
    );
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (signal?.aborted) return;
        const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(() => upload.start());
  });
}
