import * as React from 'react';
import { Trash2 } from 'lucide-react';
import { delay } from '../../lib/delay.ts';
import { errorMessage, errorWarnings } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import type { FailureNotice } from '../error-alert.tsx';
import { toastSuccess } from '../toasts.ts';
import { Button } from '../ui/button.tsx';

export const DELETE_FILE_TEXT = 'This action cannot be undone. Do you want to delete this file?';
/** A short pause before a delete, so the confirmation closes first. */
const DELETE_DELAY_MS = 300;

/** A step before the file goes (e.g. saving the editor without it), with the title its failure shows. */
class StepFailure extends Error {
  readonly title: string;
  readonly error: unknown;
  constructor(title: string, error: unknown) {
    super(errorMessage(error));
    this.title = title;
    this.error = error;
  }
}

/** A failed delete: 'Failed to delete asset', titled 'Process Failed', with any warnings the server listed. */
export function assetDeleteFailure(error: unknown): FailureNotice {
  if (error instanceof StepFailure) return { title: error.title, message: error.message, warnings: errorWarnings(error.error) };
  return { title: 'Process Failed', message: `Failed to delete asset. ${errorMessage(error)}`, warnings: errorWarnings(error) };
}

export interface AssetDeleteButtonProps {
  assetId: string;
  /** The button's text and the dialog's title, e.g. "Delete video". */
  label?: string;
  /**
   * Runs first, e.g. the editor saved without the file (the server refuses to delete a file
   * a lecture still uses). When it fails nothing is deleted and its failure is shown under
   * `failureTitle`. Once it succeeded, `applied` is called when the dialog closes, whether
   * or not the file itself could then be deleted (the dialog stays up to show why not).
   */
  beforeDelete?: { run: () => Promise<unknown>; failureTitle: string; applied: () => void };
  onDeleted?: () => void;
  disabled?: boolean;
  size?: 'default' | 'sm';
  className?: string;
}

/** Deletes a file and everything made from it, after a confirmation. */
export function AssetDeleteButton({
  assetId,
  label = 'Delete file',
  beforeDelete,
  onDeleted,
  disabled = false,
  size = 'default',
  className,
}: AssetDeleteButtonProps) {
  const [open, setOpen] = React.useState(false);
  const detached = React.useRef(false);
  const utils = api.useUtils();
  const remove = api.assets.delete.useMutation();

  const confirm = async () => {
    await delay(DELETE_DELAY_MS);
    if (beforeDelete) {
      try {
        await beforeDelete.run();
        detached.current = true;
      } catch (error) {
        throw new StepFailure(beforeDelete.failureTitle, error);
      }
    }
    await remove.mutateAsync({ id: assetId });
    toastSuccess('File deleted successfully');
    onDeleted?.();
    await utils.queue.list.invalidate();
  };

  return (
    <>
      <Button
        variant="outline"
        size={size}
        disabled={disabled}
        onClick={() => setOpen(true)}
        className={className ?? 'text-destructive hover:text-destructive'}
      >
        <Trash2 aria-hidden="true" />
        {label}
      </Button>
      <ConfirmModal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next && detached.current) {
            detached.current = false;
            beforeDelete?.applied();
          }
        }}
        title={label}
        text={DELETE_FILE_TEXT}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        describeError={assetDeleteFailure}
        onConfirm={confirm}
      />
    </>
  );
}
AssetDeleteButton.displayName = 'AssetDeleteButton';
