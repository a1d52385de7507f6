import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { LakshyaStudentRow } from './lakshya-students-export.ts';

// Loaded by the export worker (export-worker.ts): this module imports nothing but types.

/** The columns of the special students export: what the Lakshya Students table shows. */
const LAKSHYA_STUDENT_COLUMNS: ReadonlyArray<ExportColumn<LakshyaStudentRow>> = [
  { header: 'Student id', kind: 'text', value: (row) => row.id },
  { header: 'Name', kind: 'text', value: (row) => row.name },
  { header: 'Phone number', kind: 'text', value: (row) => row.phone_number },
  { header: 'Expiry date', kind: 'text', value: (row) => row.expiry_date },
  { header: 'Registered', kind: 'text', value: (row) => (row.user_id === null ? 'no' : 'yes') },
  { header: 'Account id', kind: 'text', value: (row) => row.user_id },
  { header: 'Account name', kind: 'text', value: (row) => row.user_name },
  { header: 'Added at (India time)', kind: 'date', value: (row) => row.created_at },
];

export default LAKSHYA_STUDENT_COLUMNS;
