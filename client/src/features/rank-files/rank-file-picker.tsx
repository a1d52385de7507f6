import type { ColumnDef } from '@tanstack/react-table';
import type { RankFileListEntry } from '../../../../shared/rank-files/rank-files.schema.ts';
import { plainTitleColumn, publishedStatusColumn } from '../../components/list-columns.tsx';
import { PICKER_RETRY_DELAY_MS, PickerDialog, retryPickerLoad } from '../../components/picker-dialog.tsx';
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
export function RankFilePicker({ open, onOpenChange, selection, disabledIds, onConfirm }: RankFilePickerProps) {
  const rankFiles = api.rankFiles.list.useQuery(undefined, { enabled: open, retry: retryPickerLoad, retryDelay: PICKER_RETRY_DELAY_MS });
  return (
    <PickerDialog
      open={open}
      onOpenChange={onOpenChange}
      selection={selection}
      title={selection === 'single' ? 'Select a Rank File' : 'Select Rank Files'}
      description={selection === 'single' ? 'Tick the rank file to use.' : 'Tick every rank file to add.'}
      itemsLabel="rank files"
      query={rankFiles}
      columns={columns}
      disabledIds={disabledIds}
      onConfirm={onConfirm}
    />
  );
}
RankFilePicker.displayName = 'RankFilePicker';
