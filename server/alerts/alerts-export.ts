import type { AlertSortColumn } from '../../shared/alerts/alerts.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';
import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import { alertsQuery, type AlertFilter } from './alerts.repository.ts';

export type AlertRow = Awaited<ReturnType<ReturnType<typeof alertsQuery>['execute']>>[number];

/** GET /api/admin/notifications/export.csv and .xlsx: the alerts the filters show, in the list's order (its `sort`). */
export async function exportAlerts(
  ctx: RequestContext,
  filter: AlertFilter & { sort?: SortParam<AlertSortColumn> | undefined },
): Promise<ExportFile<AlertRow>> {
  const { hasRead, search, createdOn, sort } = filter;
  return {
    name: 'alerts',
    sheet: 'Alerts',
    columns: new URL('./alerts-export-columns.ts', import.meta.url),
    batches: await openRowCursor(ctx.db, alertsQuery(ctx.db, { hasRead, search, createdOn }, sort)),
  };
}
