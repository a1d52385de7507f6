import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import { sentNotificationsQuery } from './push-notifications.repository.ts';

export type SentNotificationRow = Awaited<ReturnType<ReturnType<typeof sentNotificationsQuery>['execute']>>[number];

/** GET /api/admin/notifications/sent/export.csv and .xlsx: the latest `limit` notifications sent (every one without it), newest first. */
export async function exportSentNotifications(ctx: RequestContext, { limit }: { limit?: number | undefined }): Promise<ExportFile<SentNotificationRow>> {
  const query = sentNotificationsQuery(ctx.db);
  return {
    name: 'sent-notifications',
    sheet: 'Sent notifications',
    columns: new URL('./sent-notifications-export-columns.ts', import.meta.url),
    batches: await openRowCursor(ctx.db, limit === undefined ? query : query.limit(limit)),
  };
}
