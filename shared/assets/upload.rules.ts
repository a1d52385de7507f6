import type { AssetKind } from './assets.schema.ts';
import { sanitizeFileName } from './file-name.rules.ts';

const MB = 1024 * 1024;

/** The largest file of each kind, in bytes, as the server applies them (ASSET_MAX_*_MB). */
export type UploadLimits = Record<AssetKind, number>;

/** What each kind accepts, in the words of the messages. */
export const KIND_LABELS: Record<AssetKind, string> = {
  image: 'an image (JPEG, PNG, WebP or GIF)',
  video: 'a video (MP4, MOV, MKV, WebM, AVI, MPEG-TS, FLV or 3GP)',
  pdf: 'a PDF',
  spreadsheet: 'a spreadsheet (XLSX or CSV)',
};

const KIND_NAMES: Record<AssetKind, string> = { image: 'images', video: 'videos', pdf: 'PDFs', spreadsheet: 'spreadsheets' };

/** A kind's limit: its own, but never more than the upload limit of every file. */
export function kindLimitBytes(limits: { totalMb: number; imageMb: number; pdfMb: number; spreadsheetMb: number }, kind: AssetKind): number {
  const byKind: Record<AssetKind, number> = {
    image: limits.imageMb * MB,
    pdf: limits.pdfMb * MB,
    spreadsheet: limits.spreadsheetMb * MB,
    video: limits.totalMb * MB,
  };
  return Math.min(byKind[kind], limits.totalMb * MB);
}

/** "The file x is not a video (...)": a file whose content is not of the kind asked for. */
export function notOfKindMessage(fileName: string, kind?: AssetKind): string {
  return `The file ${fileName} is not ${kind ? KIND_LABELS[kind] : 'an image, a video, a PDF or a spreadsheet'}`;
}

/** "The file x is larger than the 20 MB allowed for images" (or "... the 4096 MB upload limit"). */
export function tooLargeMessage(fileName: string, limitBytes: number, kind?: AssetKind): string {
  const megabytes = Math.round(limitBytes / MB);
  return `The file ${fileName} is larger than the ${megabytes} MB${kind ? ` allowed for ${KIND_NAMES[kind]}` : ' upload limit'}`;
}

/** File name endings of each kind (the server decides by content; these only catch a wrong choice early). */
const EXTENSIONS: Record<AssetKind, readonly string[]> = {
  image: ['jpg', 'jpeg', 'jfif', 'png', 'webp', 'gif'],
  video: ['mp4', 'm4v', 'mov', 'qt', 'mkv', 'webm', 'avi', 'ts', 'mts', 'm2ts', 'mpg', 'mpeg', 'flv', '3gp', '3g2'],
  pdf: ['pdf'],
  spreadsheet: ['xlsx', 'csv'],
};

function mimeTypeIsKind(mimeType: string, kind: AssetKind): boolean {
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  switch (kind) {
    case 'image':
      return ['image/jpeg', 'image/png', 'image/webp', 'image/gif'].includes(type);
    case 'video':
      return type.startsWith('video/');
    case 'pdf':
      return type === 'application/pdf';
    case 'spreadsheet':
      return ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'].includes(type);
  }
}

/**
 * Whether a chosen file may be of a kind, judged by its name and the type the browser gave it.
 * Only a file that says it is something else is refused: one with neither an extension nor a
 * type (or only the generic application/octet-stream) goes to the server, which reads its content.
 */
export function fileMayBeKind(file: { name: string; type: string }, kind: AssetKind): boolean {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  const type = file.type.trim().toLowerCase();
  const hasType = type !== '' && type !== 'application/octet-stream';
  if (extension === '' && !hasType) return true;
  return EXTENSIONS[kind].includes(extension) || (hasType && mimeTypeIsKind(type, kind));
}

/**
 * What the console checks before sending a file: its kind by name and type, and its size against
 * the kind's limit when the limits are known. Answers the message the server would give, or
 * undefined when the file may go.
 */
export function checkFileBeforeUpload(file: { name: string; type: string; size: number }, kind: AssetKind, limits?: UploadLimits): string | undefined {
  const fileName = sanitizeFileName(file.name);
  if (!fileMayBeKind(file, kind)) return notOfKindMessage(fileName, kind);
  if (limits && file.size > limits[kind]) return tooLargeMessage(fileName, limits[kind], kind);
  if (file.size === 0) return `The file ${fileName} is empty`;
  return undefined;
}
