import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, type AuditAction, type AuditResourceType } from '../../shared/audit/audit.constants.ts';
import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { AuditLogRow } from './audit-log.repository.ts';

// Loaded by the export worker (server/exports/export-worker.ts): it imports only types and shared labels.

/** The field changes of an entry as one cell: `field: old → new`, one a line; a secret shows only that it changed. */
function changesText(row: AuditLogRow): string {
  return Object.entries(row.changes)
    .map(([field, change]) => ('hidden' in change ? `${field}: changed (hidden)` : `${field}: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`))
    .join('\n');
}

const AUDIT_COLUMNS: ReadonlyArray<ExportColumn<AuditLogRow>> = [
  { header: 'Entry', kind: 'count', value: (row) => Number(row.seq) },
  { header: 'When (India time)', kind: 'date', value: (row) => row.at },
  { header: 'Who', kind: 'text', value: (row) => row.actor_name },
  { header: 'Roles', kind: 'text', value: (row) => row.actor_roles.join(', ') },
  { header: 'Account id', kind: 'text', value: (row) => row.actor_id },
  { header: 'Action', kind: 'text', value: (row) => AUDIT_ACTION_LABELS[row.action as AuditAction] ?? row.action },
  { header: 'Resource type', kind: 'text', value: (row) => AUDIT_RESOURCE_LABELS[row.resource_type as AuditResourceType] ?? row.resource_type },
  { header: 'Resource id', kind: 'text', value: (row) => row.resource_id },
  { header: 'Resource', kind: 'text', value: (row) => row.resource_title },
  { header: 'Changes', kind: 'text', value: changesText },
  { header: 'IP address', kind: 'text', value: (row) => row.ip },
];

export default AUDIT_COLUMNS;
