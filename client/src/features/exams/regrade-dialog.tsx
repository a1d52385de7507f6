import { useEffect, useRef, useState } from 'react';
import type { ExamValueInput } from '../../../../shared/exams/exams.schema.ts';
import { MAX_REGRADE_REASON_LENGTH, REGRADE_MESSAGES } from '../../../../shared/exams/regrade.schema.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { LoadingPanel, Spinner } from '../../components/ui/spinner.tsx';
import { TextArea } from '../../components/ui/textarea.tsx';
import { errorMessage, refusedFieldsOf } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { RegradeFigures } from './regrade-figures.tsx';

/** A save the server refused because it re-marks submitted attempts: what the dry run and Apply send. */
export interface RegradeRequest {
  value: ExamValueInput;
  version: number;
  /** How many submitted attempts the save would re-mark (the server's count). */
  attempts: number;
}

export interface RegradeDialogProps {
  examId: string;
  /** The refused save; the dialog is open while there is one. */
  request: RegradeRequest | null;
  onClose: () => void;
  /** Saves the exam and regrades it with the reason; the dialog shows a rejection and stays open. */
  onApply: (reason: string) => Promise<unknown>;
}

/** The reason's field and what Apply shows when it is refused. */
const REASON_ID = 'regrade-reason';

/**
 * "Regrade": the dry run of a save that re-marks submitted attempts (what changes, for whom, and the
 * top of the ranking before and after), the reason students will read, and Apply. Cancel leaves the
 * draft unsaved; a refused Apply is shown here and the draft keeps every edit.
 */
export function RegradeDialog({ examId, request, onClose, onApply }: RegradeDialogProps) {
  const dryRun = api.exams.regradeDryRun.useMutation();
  const { mutate: runDryRun, reset: resetDryRun } = dryRun;
  const [reason, setReason] = useState('');
  const [applying, setApplying] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // Set at once, before the busy state shows: a second click sends nothing.
  const sending = useRef(false);
  const failureShown = useRef<HTMLDivElement>(null);
  // A refusal is brought into view (on a phone the figures above push it out of the dialog's window):
  // a refused reason by focusing its field, anything else by scrolling to its message.
  useEffect(() => {
    if (failure === null) return;
    if (refusedFieldsOf(failure).reason) document.getElementById(REASON_ID)?.focus();
    else failureShown.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure]);

  const check = () => request && runDryRun({ id: examId, value: request.value, version: request.version });
  useEffect(() => {
    if (!request) return;
    setReason('');
    setFailure(null);
    resetDryRun();
    runDryRun({ id: examId, value: request.value, version: request.version });
  }, [request, examId, runDryRun, resetDryRun]);

  const apply = async () => {
    if (sending.current || !dryRun.data) return;
    sending.current = true;
    setApplying(true);
    setFailure(null);
    try {
      await onApply(reason);
    } catch (error) {
      setFailure(error);
    } finally {
      sending.current = false;
      setApplying(false);
    }
  };

  const reasonError = failure ? refusedFieldsOf(failure).reason : undefined;
  const length = reason.trim().length;
  const tooLong = length > MAX_REGRADE_REASON_LENGTH;
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && !applying && onClose()}>
      <DialogContent hideClose={applying} className="max-w-5xl" aria-busy={dryRun.isPending || applying}>
        <DialogHeader>
          <DialogTitle>Regrade</DialogTitle>
          <DialogDescription>{request ? REGRADE_MESSAGES.regradeRequired(request.attempts) : ''}. Nothing is changed until you apply it.</DialogDescription>
        </DialogHeader>
        {dryRun.isPending && <LoadingPanel label="Working out what changes" className="min-h-48" />}
        {dryRun.isError && <LoadFailure title="The dry run failed" error={dryRun.error} onRetry={check} />}
        {dryRun.data && (
          <>
            <RegradeFigures dryRun={dryRun.data} />
            <FormField
              id={REASON_ID}
              label="Reason students will read"
              error={reasonError}
              hint="Shown on every regraded student's result, e.g. “The answer to question 12 is C: the board's key was corrected.”"
            >
              {(control) => <TextArea {...control} rows={3} value={reason} disabled={applying} onChange={(event) => setReason(event.target.value)} />}
            </FormField>
            <p aria-live="polite" className={cn('-mt-2 text-right text-xs tabular-nums text-muted-foreground', tooLong && 'font-medium text-destructive')}>
              {length} / {MAX_REGRADE_REASON_LENGTH}
            </p>
          </>
        )}
        {failure !== null && !reasonError && <ErrorAlert ref={failureShown} title="Regrade failed" message={errorMessage(failure)} />}
        {/* Kept in view at the foot of the dialog, however long the figures above. */}
        <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t bg-card px-6 py-3">
          <Button variant="outline" disabled={applying} onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={applying || !dryRun.data} onClick={() => void apply()}>
            {applying && <Spinner size="sm" className="text-current" label="" />}
            {applying ? 'Applying...' : 'Apply regrade'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
RegradeDialog.displayName = 'RegradeDialog';
