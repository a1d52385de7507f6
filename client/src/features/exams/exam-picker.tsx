import type { ColumnDef } from '@tanstack/react-table';
import type { TemplateId } from '../../../../shared/exams/exam.constants.ts';
import type { ExamListEntry } from '../../../../shared/exams/exams.schema.ts';
import { plainTitleColumn } from '../../components/list-columns.tsx';
import { PickerDialog, pickerQueryOptions, pickerTexts } from '../../components/picker-dialog.tsx';
import { api } from '../../lib/trpc.ts';
import { examListColumns } from './exam-cells.tsx';

const columns: ColumnDef<ExamListEntry, unknown>[] = [plainTitleColumn(), ...examListColumns('Created')];

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
export function ExamPicker({ templateId, ...props }: ExamPickerProps) {
  const exams = api.exams.list.useQuery(templateId ? { templateId } : undefined, pickerQueryOptions(props.open));
  // The picker's own title and description where the caller gives none.
  return <PickerDialog {...pickerTexts(props.selection, 'Exam', 'Exams')} {...props} itemsLabel="exams" query={exams} columns={columns} />;
}
ExamPicker.displayName = 'ExamPicker';
