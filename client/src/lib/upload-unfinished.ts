import * as tus from 'tus-js-client';
import type { AccessMode, AssetKind } from '../../../shared/assets/assets.schema.ts';
import { uploadedPercent } from '../../../shared/assets/resumable-upload.rules.ts';
import { resumableEndpoint } from './upload-resumable.ts';

export interface UnfinishedUpload {
  fileName: string;
  /** How much the server holds, 0–100. */
  percent: number;
}

/** "An unfinished upload of lecture 1.mp4 (60 %) can be resumed: choose the same file" */
export function unfinishedUploadText(upload: UnfinishedUpload): string {
  return `An unfinished upload of ${upload.fileName} (${upload.percent} %) can be resumed: choose the same file`;
}

/**
 * The uploads of a kind and access that this browser began and the server still holds unfinished,
 * asking the server how far each got. An address the server no longer knows (finished, expired,
 * cancelled, another account's) is forgotten.
 */
export async function findUnfinishedUploads(kind: AssetKind, accessMode: AccessMode): Promise<UnfinishedUpload[]> {
  if (!tus.canStoreURLs) return [];
  const storage = tus.defaultOptions.urlStorage;
  const endpoint = `${resumableEndpoint()}/`;
  const found: UnfinishedUpload[] = [];
  for (const previous of await storage.findAllUploads()) {
    const { uploadUrl, metadata } = previous;
    if (!uploadUrl?.startsWith(endpoint) || metadata.kind !== kind || metadata.accessMode !== accessMode) continue;
    const response = await fetch(uploadUrl, { method: 'HEAD', credentials: 'same-origin', headers: { 'Tus-Resumable': '1.0.0' } }).catch(() => null);
    if (!response) continue;
    if (response.status === 404 || response.status === 410) {
      await storage.removeUpload(previous.urlStorageKey);
      continue;
    }
    if (!response.ok) continue;
    const offset = Number(response.headers.get('upload-offset'));
    const size = Number(response.headers.get('upload-length'));
    // A complete one (100 %) whose file was not stored yet is finished by choosing it again too.
    if (!(size > 0)) continue;
    found.push({ fileName: metadata.filename ?? 'a file', percent: uploadedPercent(offset, size) });
  }
  return found;
}
