import type { ExportColumn } from '../../../shared/exports/spreadsheet-cells.ts';

/** The one column of the test exports (exports.test.ts), loaded by the export worker. */
const columns: ReadonlyArray<ExportColumn<{ n: number }>> = [{ header: 'n', kind: 'count', value: (row) => row.n }];

export default columns;
