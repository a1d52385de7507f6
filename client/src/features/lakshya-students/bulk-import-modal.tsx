import { useEffect, useState } from 'react';
import { Upload } from 'lucide-react';
import { importFileProblem } from '../../../../shared/lakshya-students/lakshya-students.rules.ts';
import type { ImportResult } from '../../../../shared/lakshya-students/lakshya-students.schema.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { delay } from '../../lib/delay.ts';
import { uploadFiles } from '../../lib/upload.ts';
import { uploadProgressLabel } from '../../lib/upload-progress.ts';
import { CsvFileSlot } from './csv-file-slot.tsx';

/** The pause after an upload finishes before its outcome shows, as the specification has it. */
export const AFTER_UPLOAD_DELAY_MS = 1200;
export const SAMPLE_URL = '/api/admin/lakshya-students/download/sample';

export interface BulkImportModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server's answer: imported, or the issues that cancelled it. */
  onDone: (result: ImportResult) => void;
}

function isImportResult(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'hasIssues' in body && Array.isArray((body as { issues?: unknown }).issues);
}

/** Bulk Import: choose a CSV (its name and size shown), then Import with a progress bar ("Processing" past 95%); and the sample file. */
export function BulkImportModal({ open, onOpenChange, onDone }: BulkImportModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setFile(null);
      setPercent(null);
      setFailure(null);
    }
  }, [open]);

  const problem = file ? importFileProblem(file) : undefined;

  const send = async (csv: File) => {
    setPercent(0);
    setFailure(null);
    try {
      const result = await uploadFiles<ImportResult>('/api/admin/lakshya-students/upload', [csv], {
        fieldName: 'csv',
        fallbackMessage: '',
        isAnswer: isImportResult,
        onProgress: setPercent,
      });
      setPercent(100);
      await delay(AFTER_UPLOAD_DELAY_MS);
      onOpenChange(false);
      onDone(result);
    } catch (error) {
      // Other upload errors stop the progress; the reason is shown under it.
      setPercent(null);
      setFailure(error instanceof Error ? error.message : 'Unknown error');
    }
  };

  const busy = percent !== null;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent hideClose={busy}>
        <DialogHeader>
          <DialogTitle>Bulk Import</DialogTitle>
          <DialogDescription>
            A CSV with the columns name, phoneNumber and expiryDate (may be empty). Every row is checked; with any issue nothing is imported.{' '}
            <a href={SAMPLE_URL} className="text-primary underline">
              Download a sample file
            </a>
          </DialogDescription>
        </DialogHeader>
        <CsvFileSlot
          label="CSV file"
          file={file}
          disabled={busy}
          error={problem}
          onChange={(chosen) => {
            setFile(chosen);
            setFailure(null);
          }}
        />
        {busy && (
          <div className="grid gap-1">
            <Progress value={percent} aria-label="Upload progress" />
            <p className="text-sm text-muted-foreground">{uploadProgressLabel(percent)}</p>
          </div>
        )}
        {failure && <ErrorAlert title="Import Failed" message={failure} />}
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button disabled={busy || !file || problem !== undefined} onClick={() => file && void send(file)}>
            <Upload aria-hidden="true" />
            Import
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
BulkImportModal.displayName = 'BulkImportModal';
