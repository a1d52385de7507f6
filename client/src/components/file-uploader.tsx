import * as React from 'react';
import { Upload } from 'lucide-react';
import { uploadProgressLabel } from '../lib/upload-progress.ts';
import { refusedBeforeSending, uploadFiles } from '../lib/upload.ts';
import { cn } from '../lib/utils.ts';
import { LeaveGuard } from './leave-guard.tsx';
import { toastError } from './toasts.ts';
import { buttonVariants } from './ui/button.tsx';
import { Progress } from './ui/progress.tsx';

export interface FileUploaderProps<T> {
  /** Where the files are sent, e.g. /api/assets/private. */
  url: string;
  /** POST adds files (the default); PUT replaces a file's content. */
  method?: 'POST' | 'PUT';
  /** The file input's accept filter, e.g. "image/*" or "application/pdf". */
  accept?: string;
  multiple?: boolean;
  /** The button's text; also the file input's accessible name. */
  label?: string;
  fieldPrefix?: string;
  disabled?: boolean;
  /** The look of the file button. */
  variant?: 'outline' | 'default' | 'secondary';
  /** The button's icon (an upload arrow by default). */
  icon?: React.ReactNode;
  /**
   * Checks a chosen file before anything is sent: answers the message to show (the one the server
   * would give) to refuse it, or undefined to send it.
   */
  checkFile?: (file: File) => string | undefined;
  /** Called with the server's answer; a returned promise keeps the uploader busy until it settles. */
  onUploaded: (result: T) => unknown;
  /** Without it a failure is shown as an "Upload Failed" toast. */
  onError?: (error: unknown) => void;
  /** Told when an upload starts and ends, e.g. to disable a Save button meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  /**
   * Sends the chosen files instead of one multipart request (a resumable upload); `resumable`
   * says that leaving keeps what has arrived.
   */
  send?: (files: File[], options: { onProgress: (percent: number) => void; signal: AbortSignal }) => Promise<T>;
  resumable?: boolean;
  /** A line under the button (e.g. an unfinished upload that can be resumed). */
  notice?: React.ReactNode;
  className?: string;
}

export const UPLOAD_LEAVE_TITLE = 'Leave while a file is uploading?';

/** What the leave prompt says about the upload running. */
export function uploadLeaveText(fileName: string, percent: number, resumable: boolean): string {
  const state = `${fileName} is ${Math.floor(percent)} % uploaded.`;
  return resumable
    ? `${state} If you leave now, the upload stops; choose the same file again later to resume it from there.`
    : `${state} If you leave now, the upload stops and what was sent is lost.`;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The bar and the words of an upload in progress, read out as they change. */
export function UploadProgress({ percent, label, className }: { percent: number; label: string; className: string }) {
  return (
    <div className={cn('grid max-w-full gap-1', className)}>
      <Progress value={percent} aria-label={label} />
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {uploadProgressLabel(percent)}
      </p>
    </div>
  );
}

/** A file button that uploads at once, with a progress bar reading "Uploading N%" then "Processing...". */
export function FileUploader<T = unknown>({
  url,
  method = 'POST',
  accept,
  multiple = false,
  label = 'Upload file',
  fieldPrefix = 'file_',
  disabled = false,
  variant = 'outline',
  icon,
  checkFile,
  onUploaded,
  onError,
  onBusyChange,
  send,
  resumable = false,
  notice,
  className,
}: FileUploaderProps<T>) {
  const inputId = React.useId();
  const [percent, setPercent] = React.useState<number | null>(null);
  const [sending, setSending] = React.useState('');
  const controller = React.useRef<AbortController | null>(null);
  const uploading = percent !== null;

  // Leaving the screen stops an upload still running.
  React.useEffect(() => () => controller.current?.abort(), []);

  const fail = (error: unknown) => {
    if (onError) onError(error);
    else toastError('Upload Failed', error);
  };

  const start = async (files: File[]) => {
    if (files.length === 0) return;
    // A file the server would refuse is refused here, before a byte of any of them goes out.
    const refusal = checkFile ? files.map(checkFile).find((message) => message !== undefined) : undefined;
    if (refusal !== undefined) {
      fail(refusedBeforeSending(refusal));
      return;
    }
    controller.current = new AbortController();
    setPercent(0);
    setSending(files.map((file) => file.name).join(', '));
    onBusyChange?.(true);
    try {
      const signal = controller.current.signal;
      const result = send
        ? await send(files, { onProgress: setPercent, signal })
        : await uploadFiles<T>(url, files, { method, fieldPrefix, onProgress: setPercent, signal });
      await onUploaded(result);
    } catch (error) {
      if (isAbort(error)) return;
      fail(error);
    } finally {
      controller.current = null;
      setPercent(null);
      onBusyChange?.(false);
    }
  };

  return (
    <div className={cn('grid gap-2', className)}>
      <div>
        <input
          id={inputId}
          type="file"
          className="peer sr-only"
          accept={accept}
          multiple={multiple}
          disabled={disabled || uploading}
          aria-label={label}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared so that choosing the same file again uploads it again.
            event.target.value = '';
            void start(files);
          }}
        />
        <label
          htmlFor={inputId}
          aria-hidden="true"
          className={cn(
            buttonVariants({ variant }),
            'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
          )}
        >
          {icon ?? <Upload aria-hidden="true" />}
          {label}
        </label>
      </div>
      {uploading && <UploadProgress percent={percent} label="Upload progress" className="w-64" />}
      {!uploading && notice}
      <LeaveGuard
        when={uploading}
        inside={() => false}
        thing="upload"
        title={UPLOAD_LEAVE_TITLE}
        description={uploadLeaveText(sending, percent ?? 0, resumable)}
        leaveLabel="Leave and stop the upload"
      />
    </div>
  );
}
FileUploader.displayName = 'FileUploader';
