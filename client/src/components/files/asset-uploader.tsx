import * as React from 'react';
import type { AccessMode, AssetKind, UploadedAsset } from '../../../../shared/assets/assets.schema.ts';
import { checkFileBeforeUpload } from '../../../../shared/assets/upload.rules.ts';
import { errorMessage } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { uploadResumable } from '../../lib/upload-resumable.ts';
import { findUnfinishedUploads, unfinishedUploadText, type UnfinishedUpload } from '../../lib/upload-unfinished.ts';
import { FileUploader } from '../file-uploader.tsx';
import { NoticeModal, type Notice } from '../notice-modal.tsx';
import { assetReplaceUrl, assetUploadUrl } from './asset-status.rules.ts';

/** The file chooser's filter per kind; the server checks the content itself. */
export const ACCEPT_BY_KIND: Record<AssetKind, string> = {
  image: 'image/*',
  video: 'video/*',
  pdf: 'application/pdf',
  spreadsheet: '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A failed upload is titled 'Asset Upload Failed' and says 'Upload Failed', with the reason. */
export function uploadFailedNotice(error: unknown): Notice {
  return {
    kind: 'error',
    title: 'Asset Upload Failed',
    text: (
      <>
        <span className="block font-medium text-foreground">Upload Failed</span>
        <span className="block">{errorMessage(error)}</span>
      </>
    ),
  };
}

/**
 * Checks a chosen file against its widget's kind and the server's size limit for it, so a wrong
 * file is refused at once with the server's own message. Until the limits have loaded, only the
 * kind is checked (the server checks the size either way).
 */
export function useAssetFileCheck(kind: AssetKind): (file: File) => string | undefined {
  const limits = api.assets.uploadLimits.useQuery(undefined, { staleTime: Infinity, retry: 1 });
  return React.useCallback((file: File) => checkFileBeforeUpload(file, kind, limits.data), [kind, limits.data]);
}

interface CommonProps {
  kind: AssetKind;
  label: string;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
  variant?: 'outline' | 'default' | 'secondary';
  icon?: React.ReactNode;
  className?: string;
}

export interface AssetUploaderProps extends CommonProps {
  accessMode?: AccessMode;
  /** Told about the stored file; a returned promise (e.g. saving the editor) keeps the uploader busy. */
  onUploaded: (asset: UploadedAsset) => unknown;
}

/** Unfinished uploads of this kind this browser may resume, looked up again after each upload. */
function useUnfinishedUploads(kind: AssetKind, accessMode: AccessMode): [UnfinishedUpload[], () => void] {
  const [found, setFound] = React.useState<UnfinishedUpload[]>([]);
  const [round, setRound] = React.useState(0);
  React.useEffect(() => {
    let current = true;
    findUnfinishedUploads(kind, accessMode).then(
      (uploads) => current && setFound(uploads),
      () => current && setFound([]),
    );
    return () => {
      current = false;
    };
  }, [kind, accessMode, round]);
  return [found, React.useCallback(() => setRound((n) => n + 1), [])];
}

/**
 * Uploads one file of a kind, resumably (tus, /api/assets/resumable): a reload, a dropped
 * connection or a server restart loses nothing, and choosing the same file again resumes. The
 * file it becomes is the one POST /api/assets/{accessMode}?kind=... would store. With progress,
 * a leave prompt while it runs, and the failure modal.
 */
export function AssetUploader({ kind, accessMode = 'private', onUploaded, onBusyChange, ...props }: AssetUploaderProps) {
  const [notice, setNotice] = React.useState<Notice | null>(null);
  const checkFile = useAssetFileCheck(kind);
  const [unfinished, lookAgain] = useUnfinishedUploads(kind, accessMode);
  return (
    <>
      <FileUploader<UploadedAsset[]>
        url={assetUploadUrl(accessMode, kind)}
        accept={ACCEPT_BY_KIND[kind]}
        checkFile={checkFile}
        resumable
        send={async ([file], options) => (file ? [await uploadResumable(file, { kind, accessMode, ...options })] : [])}
        notice={
          unfinished.length > 0 ? (
            <ul className="grid gap-0.5 text-xs text-muted-foreground" aria-label="Unfinished uploads">
              {unfinished.map((upload, index) => (
                <li key={index}>{unfinishedUploadText(upload)}</li>
              ))}
            </ul>
          ) : null
        }
        onUploaded={(assets) => (assets[0] ? onUploaded(assets[0]) : undefined)}
        onError={(error) => setNotice(uploadFailedNotice(error))}
        onBusyChange={(busy) => {
          if (!busy) lookAgain();
          onBusyChange?.(busy);
        }}
        {...props}
      />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
AssetUploader.displayName = 'AssetUploader';

export interface AssetReplacerProps extends CommonProps {
  assetId: string;
  onReplaced: (asset: UploadedAsset) => unknown;
}

/**
 * Replaces a file's content, resumably (tus, then POST /api/assets/resumable/{upload}/replace/{id},
 * which does what PUT /api/assets/replace/{id} does): a reload or a dropped connection loses
 * nothing, and choosing the same file again for the same file resumes. The server processes it again.
 */
export function AssetReplacer({ assetId, kind, onReplaced, ...props }: AssetReplacerProps) {
  const [notice, setNotice] = React.useState<Notice | null>(null);
  const checkFile = useAssetFileCheck(kind);
  return (
    <>
      <FileUploader<UploadedAsset>
        url={assetReplaceUrl(assetId)}
        method="PUT"
        accept={ACCEPT_BY_KIND[kind]}
        checkFile={checkFile}
        resumable
        send={async ([file], options) => {
          if (!file) throw new Error('Choose a file to upload');
          return uploadResumable(file, { kind, accessMode: 'private', replaces: assetId, ...options });
        }}
        onUploaded={onReplaced}
        onError={(error) => setNotice(uploadFailedNotice(error))}
        {...props}
      />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
AssetReplacer.displayName = 'AssetReplacer';
