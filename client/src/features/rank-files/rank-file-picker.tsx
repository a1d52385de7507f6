import type { ColumnDef } from '@tanstack/react-table';
import type { RankFileListEntry } from '../../../../shared/rank-files/rank-files.schema.ts';
import { plainTitleColumn, publishedStatusColumn } from '../../components/list-columns.tsx';
import { PickerDialog, pickerQueryOptions, pickerTexts } from '../../components/picker-dialog.tsx';
import { api } from '../../lib/trpc.ts';

const columns: ColumnDef<RankFileListEntry, unknown>[] = [plainTitleColumn(), publishedStatusColumn()];

export interface RankFilePickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: 'single' | 'multiple';
  disabledIds?: readonly string[];
  onConfirm: (rankFiles: RankFileListEntry[]) => void;
}

/** A modal table of rank files to choose from (one or several), for the course editor. */
export function RankFilePicker(props: RankFilePickerProps) {
  const rankFiles = api.rankFiles.list.useQuery(undefined, pickerQueryOptions(props.open));
  return <PickerDialog {...props} {...pickerTexts(props.selection, 'Rank File', 'Rank Files')} itemsLabel="rank files" query={rankFiles} columns={columns} />;
}
RankFilePicker.displayName = 'RankFilePicker';
