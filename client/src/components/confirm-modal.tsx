import * as React from 'react';
import { ErrorAlert, failureNotice, type FailureNotice } from './error-alert.tsx';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from './ui/alert-dialog.tsx';

export interface ConfirmModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: React.ReactNode;
  cancelLabel?: string;
  confirmLabel?: string;
  /** Shown on the confirm button while the action runs, e.g. "Signing off...". */
  busyLabel?: string;
  /** Title of the error shown inside the modal when the action fails. */
  errorTitle?: string;
  destructive?: boolean;
  /** Turns a failure into what the modal shows; by default errorTitle and the error's message. */
  describeError?: (error: unknown) => FailureNotice;
  /** The action; a rejected promise keeps the modal open and shows the error inside. */
  onConfirm: () => unknown;
  /** Choices under the text (a checkbox, say); switched off while the action runs. */
  children?: React.ReactNode;
}

/** Asks before an action, runs it with a busy label, and shows its failure in place. */
export function ConfirmModal({
  open,
  onOpenChange,
  title,
  text,
  cancelLabel = 'Cancel',
  confirmLabel = 'Confirm',
  busyLabel = 'Please wait...',
  errorTitle = 'Action Failed',
  destructive = false,
  describeError,
  onConfirm,
  children,
}: ConfirmModalProps) {
  const [busy, setBusy] = React.useState(false);
  const [failure, setFailure] = React.useState<FailureNotice | null>(null);

  React.useEffect(() => {
    if (open) setFailure(null);
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (error) {
      setFailure(describeError ? describeError(error) : failureNotice(errorTitle, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        {children && (
          <fieldset disabled={busy} className="grid gap-2">
            {children}
          </fieldset>
        )}
        {failure && <ErrorAlert title={failure.title} message={failure.message} warnings={failure.warnings} />}
        <AlertDialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'destructive' : 'default'} disabled={busy} onClick={() => void confirm()}>
            {busy && <Spinner size="sm" className="text-current" label="" />}
            {busy ? busyLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
ConfirmModal.displayName = 'ConfirmModal';
