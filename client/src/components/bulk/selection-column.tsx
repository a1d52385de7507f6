import type { ColumnDef } from '@tanstack/react-table';
import { Checkbox } from '../ui/checkbox.tsx';
import type { BulkSelection } from './use-bulk-selection.ts';

export const SELECTION_COLUMN_ID = 'select';

/**
 * The first column of a list with bulk actions: a checkbox per row, and in the header one for
 * the rows of the page shown. With "all matching" chosen every box shows checked.
 */
export function selectionColumn<T>(selection: BulkSelection, rowLabel: (row: T) => string): ColumnDef<T, unknown> {
  return {
    id: SELECTION_COLUMN_ID,
    enableColumnFilter: false,
    header: ({ table }) => {
      const pageIds = table.getRowModel().rows.map((row) => row.id);
      const checked = pageIds.length > 0 && (selection.allMatching || pageIds.every((id) => selection.ids.has(id)));
      return (
        <Checkbox
          aria-label="Select the rows of this page"
          checked={checked}
          disabled={pageIds.length === 0}
          onChange={(event) => selection.togglePage(pageIds, event.target.checked)}
        />
      );
    },
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${rowLabel(row.original)}`}
        checked={selection.allMatching || selection.ids.has(row.id)}
        onChange={(event) => selection.toggle(row.id, event.target.checked)}
      />
    ),
  };
}
