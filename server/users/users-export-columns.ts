import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { UserRow } from './users-export.ts';

// Loaded by the export worker (export-worker.ts): this module imports nothing but types.

/** The columns of the accounts export: what the All users table shows. */
const USER_COLUMNS: ReadonlyArray<ExportColumn<UserRow>> = [
  { header: 'Account id', kind: 'text', value: (row) => row.id },
  { header: 'Name', kind: 'text', value: (row) => row.name },
  { header: 'Phone number', kind: 'text', value: (row) => row.phone_number },
  { header: 'Phone verified', kind: 'text', value: (row) => (row.phone_verified_at === null ? 'no' : 'yes') },
  { header: 'E-mail address', kind: 'text', value: (row) => row.email_address },
  { header: 'Game nickname', kind: 'text', value: (row) => row.game_nickname },
  { header: 'Roles', kind: 'text', value: (row) => row.roles.join(' ') },
  { header: 'Lakshya student', kind: 'text', value: (row) => (row.is_lakshya ? 'yes' : 'no') },
  { header: 'Status', kind: 'text', value: (row) => row.status },
  { header: 'Joined (India time)', kind: 'date', value: (row) => row.created_at },
];

export default USER_COLUMNS;
