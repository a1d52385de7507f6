import * as React from 'react';
import { CircleAlert, Download, FileSpreadsheet } from 'lucide-react';
import { IMPORT_TEMPLATES, MAX_QUESTIONS_PER_EXAM, type ImportTemplate } from '../../../../shared/exams/exam.constants.ts';
import type { QuestionGroup } from '../../../../shared/exams/exams.schema.ts';
import { SPREADSHEET_MAX_BYTES, SPREADSHEET_MAX_MB, type SpreadsheetIssue } from '../../../../shared/exams/spreadsheet.rules.ts';
import { SPREADSHEET_UPLOAD_MESSAGES } from '../../../../shared/exams/spreadsheet.schema.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { UploadProgress } from '../../components/file-uploader.tsx';
import { SelectField, optionsOf } from '../../components/form/select-field.tsx';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { delay } from '../../lib/delay.ts';
import { errorMessage } from '../../lib/errors.ts';
import { cn } from '../../lib/utils.ts';
import { sampleSpreadsheetUrl, uploadQuestionSpreadsheet } from './spreadsheet-upload.ts';

/** The pause after an upload before the outcome shows. */
export const IMPORT_OUTCOME_DELAY_MS = 1200;

export const TEMPLATE_LABELS: Record<ImportTemplate, string> = { regular: 'Regular', 'with-solution': 'With solution' };

export interface SpreadsheetImportProps {
  /** Receives the imported question groups (only when the spreadsheet had no issues); the parent appends them. */
  onImported: (groups: QuestionGroup[]) => void;
  disabled?: boolean;
  /** Told when an upload starts and ends, e.g. to hold the Save button meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  className?: string;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Bulk import of questions from a spreadsheet (XLSX or CSV): choose the template and how the
 * Answer column is written, upload with a progress bar, then after a short pause either hand
 * the question groups to the parent or list the spreadsheet's issues in "Import Cancelled".
 */
export function SpreadsheetImport({ onImported, disabled = false, onBusyChange, className }: SpreadsheetImportProps) {
  const ids = React.useId();
  const [template, setTemplate] = React.useState<ImportTemplate>('regular');
  const [answerInIndex, setAnswerInIndex] = React.useState(false);
  const [percent, setPercent] = React.useState<number | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const [issues, setIssues] = React.useState<SpreadsheetIssue[] | null>(null);
  const controller = React.useRef<AbortController | null>(null);
  const uploading = percent !== null;

  // Leaving the screen stops an upload still running, and its outcome is dropped.
  React.useEffect(() => () => controller.current?.abort(), []);

  const start = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    if (file.size > SPREADSHEET_MAX_BYTES) {
      setFailure(SPREADSHEET_UPLOAD_MESSAGES.tooLarge);
      return;
    }
    const current = new AbortController();
    controller.current = current;
    setPercent(0);
    onBusyChange?.(true);
    try {
      const result = await uploadQuestionSpreadsheet(file, { template, answerInIndex, onProgress: setPercent, signal: current.signal });
      await delay(IMPORT_OUTCOME_DELAY_MS);
      if (current.signal.aborted) return;
      if (result.hasIssues) setIssues(result.issues);
      else onImported(result.output);
    } catch (error) {
      if (isAbort(error)) return;
      setFailure(errorMessage(error));
    } finally {
      if (controller.current === current) controller.current = null;
      if (!current.signal.aborted) {
        setPercent(null);
        onBusyChange?.(false);
      }
    }
  };

  const locked = disabled || uploading;
  return (
    <div className={cn('grid gap-3', className)}>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <SelectField
          id={`${ids}-template`}
          label="Template"
          className="w-44"
          value={template}
          disabled={locked}
          options={optionsOf(IMPORT_TEMPLATES, TEMPLATE_LABELS)}
          onChange={setTemplate}
        />
        <div className="flex h-9 items-center gap-2">
          <Switch id={`${ids}-answer-in-index`} checked={answerInIndex} disabled={locked} onCheckedChange={setAnswerInIndex} />
          <Label htmlFor={`${ids}-answer-in-index`}>Answer in index</Label>
        </div>
        <div>
          <input
            id={`${ids}-file`}
            type="file"
            className="peer sr-only"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            disabled={locked}
            aria-label="Import spreadsheet"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so that choosing the same file again uploads it again.
              event.target.value = '';
              void start(file);
            }}
          />
          <label
            htmlFor={`${ids}-file`}
            aria-hidden="true"
            className={cn(
              buttonVariants({ variant: 'outline' }),
              'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
            )}
          >
            <FileSpreadsheet aria-hidden="true" />
            Import spreadsheet
          </label>
        </div>
      </div>

      <p className="text-xs text-muted-foreground">
        One question per row: Group, Question, Option 1 to Option 4 (up to Option 10), Answer, Tag 1 to Tag 5
        {template === 'with-solution' ? ' and Solution' : ''}.{' '}
        {answerInIndex
          ? 'Answer is the number of the correct option (1 for Option 1).'
          : 'Answer is the text of the correct option, as written in its Option column.'}{' '}
        At most {MAX_QUESTIONS_PER_EXAM.toLocaleString('en-IN')} questions and {SPREADSHEET_MAX_MB} MB, as .xlsx or CSV in UTF-8.
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="text-muted-foreground">Download a sample:</span>
        {IMPORT_TEMPLATES.map((value) => (
          <a key={value} href={sampleSpreadsheetUrl(value, answerInIndex)} download className={cn(buttonVariants({ variant: 'link' }), 'gap-1 text-sm')}>
            <Download aria-hidden="true" />
            {TEMPLATE_LABELS[value]} sample
          </a>
        ))}
      </div>

      {uploading && <UploadProgress percent={percent} label="Spreadsheet upload progress" className="w-72" />}
      {failure !== null && <ErrorAlert title="Import Failed" message={failure} />}

      <ImportCancelledModal issues={issues} onClose={() => setIssues(null)} />
    </div>
  );
}
SpreadsheetImport.displayName = 'SpreadsheetImport';

/** "Import Cancelled": nothing was imported, and every issue the server found, by row and column. */
function ImportCancelledModal({ issues, onClose }: { issues: SpreadsheetIssue[] | null; onClose: () => void }) {
  // Keep the last list while the dialog animates out.
  const [shown, setShown] = React.useState(issues);
  React.useEffect(() => {
    if (issues) setShown(issues);
  }, [issues]);
  const list = issues ?? shown ?? [];
  const count = list.length;
  return (
    <AlertDialog open={issues !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent className="max-w-2xl">
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-destructive" />
            Import Cancelled
          </AlertDialogTitle>
          <AlertDialogDescription>
            Nothing was imported: the spreadsheet has {count === 1 ? 'an issue' : `${count.toLocaleString('en-IN')} issues`}. Fix {count === 1 ? 'it' : 'them'}{' '}
            and upload the spreadsheet again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ol aria-label="Issues" className="max-h-[55vh] list-decimal space-y-1 overflow-y-auto pl-6 pr-2 text-sm text-destructive">
          {list.map((issue, index) => (
            <li key={`${index}-${issue.message}`}>{issue.message}</li>
          ))}
        </ol>
        <AlertDialogFooter>
          <Button onClick={onClose} autoFocus>
            OK
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
ImportCancelledModal.displayName = 'ImportCancelledModal';
