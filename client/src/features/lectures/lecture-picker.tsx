import type { ColumnDef } from '@tanstack/react-table';
import type { LectureSummary } from '../../../../shared/lectures/lectures.schema.ts';
import { plainTitleColumn, publishedStatusColumn } from '../../components/list-columns.tsx';
import { PickerDialog, pickerQueryOptions, pickerTexts } from '../../components/picker-dialog.tsx';
import { formatMinutes } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';

const columns: ColumnDef<LectureSummary, unknown>[] = [
  plainTitleColumn(),
  publishedStatusColumn(),
  {
    id: 'duration',
    header: 'Duration',
    cell: ({ row }) =>
      row.original.videoDurationInMinutes == null ? <span className="text-muted-foreground">—</span> : formatMinutes(row.original.videoDurationInMinutes),
  },
];

export interface LecturePickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Listed but not selectable (e.g. the lectures already in the subject). */
  disabledIds?: readonly string[];
  onConfirm: (lectures: LectureSummary[]) => void;
}

/** A modal table of lectures to add, for the course editor's subjects and the custom collection. */
export function LecturePicker(props: LecturePickerProps) {
  const lectures = api.lectures.list.useQuery(undefined, pickerQueryOptions(props.open));
  return (
    <PickerDialog
      {...props}
      {...pickerTexts('multiple', 'Lecture', 'Lectures')}
      selection="multiple"
      itemsLabel="lectures"
      query={lectures}
      columns={columns}
    />
  );
}
LecturePicker.displayName = 'LecturePicker';
