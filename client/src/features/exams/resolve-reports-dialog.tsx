import { useState } from 'react';
import { MAX_RESOLUTION_NOTE_LENGTH } from '../../../../shared/exams/key-reports.constants.ts';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { TextArea } from '../../components/ui/textarea.tsx';

export interface ResolveTarget {
  /** What is resolved, in words ("the 3 open reports of question 12"). */
  what: string;
  resolve: (note: string) => Promise<unknown>;
}

/** "Resolve": the reports named, with an optional note their students read. Nothing is lost when it fails. */
export function ResolveReportsDialog({ target, onClose }: { target: ResolveTarget | null; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const close = () => {
    setNote('');
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    if (!target) return;
    setBusy(true);
    setFailure(null);
    try {
      await target.resolve(note);
      close();
    } catch (error) {
      setFailure(failureNotice('Resolving failed', error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !busy && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Resolve reports</DialogTitle>
          <DialogDescription>Resolve {target?.what}. The students see that it is resolved, with your note.</DialogDescription>
        </DialogHeader>
        <FormField id="resolve-note" label="Note to the students (optional)">
          {(control) => (
            <TextArea {...control} rows={3} maxLength={MAX_RESOLUTION_NOTE_LENGTH} value={note} onChange={(event) => setNote(event.target.value)} />
          )}
        </FormField>
        {failure && <ErrorAlert title={failure.title} message={failure.message} warnings={failure.warnings} />}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={busy}>
            {busy ? 'Resolving...' : 'Resolve'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
ResolveReportsDialog.displayName = 'ResolveReportsDialog';
