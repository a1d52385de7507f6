import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { AlertRow } from './alerts-export.ts';

// Loaded by the export worker (server/exports/export-worker.ts): it imports only types.

/** The columns of the alerts export: what the Alerts table shows, and what each alert is about. */
const ALERT_COLUMNS: ReadonlyArray<ExportColumn<AlertRow>> = [
  { header: 'Created on (India time)', kind: 'date', value: (row) => row.created_at },
  { header: 'Message', kind: 'text', value: (row) => row.message },
  { header: 'Has read', kind: 'text', value: (row) => (row.read_at === null ? 'no' : 'yes') },
  { header: 'Read at (India time)', kind: 'date', value: (row) => row.read_at },
  { header: 'About', kind: 'text', value: (row) => row.resource_type },
  { header: 'About id', kind: 'text', value: (row) => row.resource_id },
  { header: 'Alert id', kind: 'text', value: (row) => row.id },
];

export default ALERT_COLUMNS;
