import { fileTypeFromBuffer } from 'file-type';
import type { AssetKind } from '../../shared/assets/assets.schema.ts';

export interface DetectedType {
  kind: AssetKind;
  contentType: string;
}

/** Bytes read before deciding what a file is. */
export const SNIFF_BYTES = 4100;

/** What each kind accepts, by the content's own signature, not its name. SVG is not accepted (it can carry script). */
const ACCEPTED: Record<string, AssetKind> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/x-matroska': 'video',
  'video/webm': 'video',
  'video/vnd.avi': 'video',
  'video/x-msvideo': 'video',
  'video/mp2t': 'video',
  'video/mpeg': 'video',
  'video/x-flv': 'video',
  'video/3gpp': 'video',
  'video/x-m4v': 'video',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'spreadsheet',
};

function looksLikeUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // A cut in the middle of a multi-byte character at the end of the sample is fine.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const replacements = (text.match(/\uFFFD/g) ?? []).length;
  return replacements <= 1;
}

/**
 * Decides the kind of an upload from its first bytes. CSV has no signature: a file
 * named .csv whose start is UTF-8 text (with or without a BOM) counts as a spreadsheet.
 */
export async function detectFileType(head: Buffer, fileName: string): Promise<DetectedType | undefined> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    const kind = ACCEPTED[detected.mime];
    return kind ? { kind, contentType: detected.mime } : undefined;
  }
  if (/\.csv$/i.test(fileName) && head.length > 0 && looksLikeUtf8Text(head)) {
    return { kind: 'spreadsheet', contentType: 'text/csv; charset=utf-8' };
  }
  return undefined;
}
