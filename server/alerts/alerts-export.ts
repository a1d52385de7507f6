import type { ExportColumn } from '../../shared/exports/spreadsheet-cells.ts';
import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import { alertsQuery, type AlertFilter } from './alerts.repository.ts';

type AlertRow = Awaited<ReturnType<ReturnType<typeof alertsQuery>['execute']>>[number];

/** The columns of the alerts export: what the Alerts table shows, and what each alert is about. */
export const ALERT_COLUMNS: ReadonlyArray<ExportColumn<AlertRow>> = [
  { header: 'Created on (India time)', kind: 'date', value: (row) => row.created_at },
  { header: 'Message', kind: 'text', value: (row) => row.message },
  { header: 'Has read', kind: 'text', value: (row) => (row.read_at === null ? 'no' : 'yes') },
  { header: 'Read at (India time)', kind: 'date', value: (row) => row.read_at },
  { header: 'About', kind: 'text', value: (row) => row.resource_type },
  { header: 'About id', kind: 'text', value: (row) => row.resource_id },
  { header: 'Alert id', kind: 'text', value: (row) => row.id },
];

/** GET /api/admin/notifications/export.csv and .xlsx: the alerts the filters show, newest first. */
export async function exportAlerts(ctx: RequestContext, filter: AlertFilter): Promise<ExportFile<AlertRow>> {
  const { hasRead, search, createdOn } = filter;
  return {
    name: 'alerts',
    sheet: 'Alerts',
    columns: ALERT_COLUMNS,
    batches: await openRowCursor(ctx.db, alertsQuery(ctx.db, { hasRead, search, createdOn })),
  };
}
