import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { TRPCClientError } from '@trpc/client';
import { RotateCw } from 'lucide-react';
import type { TemplateId } from '../../../../shared/exams/exam.constants.ts';
import type { ExamListEntry } from '../../../../shared/exams/exams.schema.ts';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { examListColumns } from './exam-cells.tsx';

/** The exam picker shows five exams per page. */
export const PICKER_PAGE_SIZE = 5;
/** A failed picker load is asked for again after a second. */
export const PICKER_RETRY_DELAY_MS = 1000;

/**
 * Network failures and server errors are retried (every second, while the picker is open);
 * an answer in the 4xx range (no access, bad input) will not change, so it is shown at once.
 */
export function retryPickerLoad(_failureCount: number, error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const status: unknown = (error.data as { httpStatus?: unknown } | null | undefined)?.httpStatus;
    if (typeof status === 'number' && status >= 400 && status < 500) return false;
  }
  return true;
}

/** The confirm button: "Select N item(s)" once something is chosen, else "Confirm Selection". */
export function pickerConfirmLabel(count: number): string {
  return count > 0 ? `Select ${count} item(s)` : 'Confirm Selection';
}

interface PickerChoice {
  selected: readonly string[];
  disabled: ReadonlySet<string>;
  toggle: (id: string, checked: boolean) => void;
}

// The table's columns stay the same while the selection changes (a new cell renderer would
// remount every checkbox and lose the keyboard focus), so the selection reaches them through context.
const PickerChoiceContext = createContext<PickerChoice>({ selected: [], disabled: new Set(), toggle: () => {} });

function SelectCheckbox({ exam }: { exam: ExamListEntry }) {
  const { selected, disabled, toggle } = useContext(PickerChoiceContext);
  return (
    <Checkbox
      aria-label={`Select ${exam.title}`}
      checked={selected.includes(exam._id)}
      disabled={disabled.has(exam._id)}
      onChange={(event) => toggle(exam._id, event.target.checked)}
    />
  );
}

const columns: ColumnDef<ExamListEntry, unknown>[] = [
  { id: 'select', header: () => <span className="sr-only">Selected</span>, cell: ({ row }) => <SelectCheckbox exam={row.original} /> },
  { id: 'title', accessorKey: 'title', header: 'Title', cell: ({ row }) => <span className="font-medium">{row.original.title}</span> },
  ...examListColumns('Created'),
];

export interface ExamPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** One exam (choosing another replaces it) or several. */
  selection: 'single' | 'multiple';
  title?: string;
  description?: string;
  /** Only this template's exams. */
  templateId?: TemplateId;
  /** Ticked when the picker opens (e.g. the exams already attached). */
  initialSelectedIds?: readonly string[];
  /** Listed but not selectable (e.g. the exam being edited). */
  disabledIds?: readonly string[];
  /** Told the chosen exams, in the list's order; the picker then closes. */
  onConfirm: (exams: ExamListEntry[]) => void;
}

/**
 * A modal table of exams to choose from, for the editors that attach exams (courses,
 * lectures, rank files) and for copying an exam.
 */
export function ExamPicker({
  open,
  onOpenChange,
  selection,
  title = selection === 'single' ? 'Select an Exam' : 'Select Exams',
  description = selection === 'single' ? 'Tick the exam to use.' : 'Tick every exam to add.',
  templateId,
  initialSelectedIds,
  disabledIds,
  onConfirm,
}: ExamPickerProps) {
  const exams = api.exams.list.useQuery(templateId ? { templateId } : undefined, {
    enabled: open,
    retry: retryPickerLoad,
    retryDelay: PICKER_RETRY_DELAY_MS,
  });
  const [selected, setSelected] = useState<readonly string[]>(initialSelectedIds ?? []);

  // Each opening starts from the caller's selection.
  useEffect(() => {
    if (open) setSelected(initialSelectedIds ?? []);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the picker opens
  }, [open]);

  const disabled = useMemo(() => new Set(disabledIds ?? []), [disabledIds]);
  const data = useMemo(() => exams.data ?? [], [exams.data]);

  const choice = useMemo<PickerChoice>(
    () => ({
      selected,
      disabled,
      toggle: (id, checked) =>
        setSelected((current) => {
          if (selection === 'single') return checked ? [id] : [];
          return checked ? [...current.filter((other) => other !== id), id] : current.filter((other) => other !== id);
        }),
    }),
    [selected, disabled, selection],
  );

  const retrying = exams.isPending && exams.failureCount > 0;
  const count = selected.length;

  const confirm = () => {
    const chosen = data.filter((exam) => selected.includes(exam._id));
    onConfirm(chosen);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {retrying && (
          <ErrorAlert
            title="Fetching exams failed"
            message={`${errorMessage(exams.failureReason)}. Trying again in a second...`}
          />
        )}
        {exams.isError && (
          <div className="grid gap-2">
            <ErrorAlert title="Fetching exams failed" error={exams.error} />
            <Button variant="outline" className="justify-self-start" onClick={() => void exams.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        )}
        <PickerChoiceContext.Provider value={choice}>
          <DataTable
            label="Exams to choose from"
            columns={columns}
            data={data}
            pageSize={PICKER_PAGE_SIZE}
            filterColumns={['title']}
            isLoading={exams.isPending}
            emptyMessage="No exams found"
            getRowId={(exam) => exam._id}
          />
        </PickerChoiceContext.Provider>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={count === 0}>
            {pickerConfirmLabel(count)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
ExamPicker.displayName = 'ExamPicker';
