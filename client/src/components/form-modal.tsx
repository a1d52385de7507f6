import * as React from 'react';
import { ErrorAlert, failureNotice, type FailureNotice } from './error-alert.tsx';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog.tsx';

export interface FormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: React.ReactNode;
  submitLabel?: string;
  busyLabel?: string;
  cancelLabel?: string;
  /** Busy from outside (e.g. a mutation's isPending); a pending onSubmit promise also counts. */
  busy?: boolean;
  /** Title of the error shown inside when onSubmit rejects. */
  errorTitle?: string;
  /** What a rejection shows inside, when the screen words it its own way (a warnings list, say). */
  describeError?: (error: unknown) => ModalFailure;
  /** Keeps the submit button off (and Enter from submitting) while the form cannot be sent. */
  submitDisabled?: boolean;
  /** Validate and save; close the modal from here on success. A rejection is shown inside. */
  onSubmit: () => unknown;
  /** Classes for the dialog box (a wider one for a longer form, say). */
  className?: string;
  children: React.ReactNode;
}

/** A failure shown inside a form modal: its title, message, any warnings and the line above them. */
export type ModalFailure = FailureNotice & { warningsIntro?: string | null };

/**
 * A modal holding a small form: Enter submits, the submit button shows a busy label while saving.
 * The form stays open with everything typed until onSubmit succeeds: a refusal or a network
 * failure is shown inside it, and the staff member corrects or sends again.
 */
export function FormModal({
  open,
  onOpenChange,
  title,
  description,
  submitLabel = 'Save',
  busyLabel = 'Saving...',
  cancelLabel = 'Cancel',
  busy: busyFromOutside = false,
  errorTitle = 'Save Failed',
  describeError,
  submitDisabled = false,
  onSubmit,
  className,
  children,
}: FormModalProps) {
  const [submitting, setSubmitting] = React.useState(false);
  const [failure, setFailure] = React.useState<ModalFailure | null>(null);
  // Set at once, before the busy state shows: a double click or Enter twice sends once.
  const sending = React.useRef(false);
  const busy = busyFromOutside || submitting;

  React.useEffect(() => {
    if (open) setFailure(null);
  }, [open]);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || submitDisabled || sending.current) return;
    sending.current = true;
    setSubmitting(true);
    setFailure(null);
    try {
      await onSubmit();
    } catch (error) {
      setFailure(describeError ? describeError(error) : failureNotice(errorTitle, error));
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent hideClose={busy} className={className}>
        <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : <DialogDescription className="sr-only">{title}</DialogDescription>}
          </DialogHeader>
          <fieldset disabled={busy} className="grid gap-4">
            {children}
          </fieldset>
          {failure && (
            <ErrorAlert
              title={failure.title}
              message={failure.message}
              warnings={failure.warnings}
              {...(failure.warningsIntro === undefined ? {} : { warningsIntro: failure.warningsIntro })}
            />
          )}
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
            <Button type="submit" disabled={busy || submitDisabled}>
              {busy && <Spinner size="sm" className="text-current" label="" />}
              {busy ? busyLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
FormModal.displayName = 'FormModal';
