import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import { TARGET_LABELS } from '../../shared/push/push.schema.ts';
import type { SentNotificationRow } from './sent-notifications-export.ts';

// Loaded by the export worker (server/exports/export-worker.ts): it imports only types and shared labels.

/** Whom a notification went to beyond its kind: the phone number, the course, or the groups. */
function targetOf(row: SentNotificationRow): string | null {
  if (row.target_type === 'specific-user') return row.target_phone;
  if (row.target_type === 'course') return row.target_course_title;
  if (row.target_type === 'group') return row.group_targets.join(', ');
  return null;
}

/** The columns of the sent notifications export: what the Sent notifications table shows, with when each was sent and finished. */
const SENT_NOTIFICATION_COLUMNS: ReadonlyArray<ExportColumn<SentNotificationRow>> = [
  { header: 'Sent at (India time)', kind: 'date', value: (row) => row.created_at },
  { header: 'Title', kind: 'text', value: (row) => row.title },
  { header: 'Body', kind: 'text', value: (row) => row.body },
  { header: 'To', kind: 'text', value: (row) => TARGET_LABELS[row.target_type] },
  { header: 'Target', kind: 'text', value: targetOf },
  { header: 'Targeted', kind: 'count', value: (row) => row.targeted },
  { header: 'Delivered', kind: 'count', value: (row) => row.delivered },
  { header: 'Gone', kind: 'count', value: (row) => row.gone },
  { header: 'Failed', kind: 'count', value: (row) => row.failed },
  { header: 'Pending', kind: 'count', value: (row) => Number(row.pending ?? 0) },
  { header: 'Completed at (India time)', kind: 'date', value: (row) => row.completed_at },
  { header: 'Notification id', kind: 'text', value: (row) => row.id },
];

export default SENT_NOTIFICATION_COLUMNS;
