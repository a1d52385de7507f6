import { z } from '../validation/zod.ts';
import { sortSchema } from '../validation/sorting.ts';
import { pagedListSchema } from '../validation/paging.ts';
import { isCalendarDate } from '../current-affairs/current-affair-dates.rules.ts';

export const ALERTS_PAGE_SIZE = 100;
/** The kinds of thing an alert is about, and where "View" opens it. */
export const ALERT_RESOURCE_TYPES = ['lecture', 'comment', 'asset', 'winner-announcement', 'exam'] as const;

export const adminAlertSchema = z.object({
  _id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  hasRead: z.boolean(),
  data: z.object({ resourceType: z.string().nullable(), resourceId: z.string().nullable() }),
});
export type AdminAlert = z.infer<typeof adminAlertSchema>;

/**
 * The columns the alerts list sorts by: `createdAt`, when the alert was raised, and `hasRead`, by
 * when it was read (the unread first ascending). Messages, up to 1,000 characters, are not sorted.
 */
export const ALERT_SORT_COLUMNS = ['createdAt', 'hasRead'] as const;
export type AlertSortColumn = (typeof ALERT_SORT_COLUMNS)[number];
export const ALERTS_USUAL_SORT = '-createdAt';

export const alertsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page is a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ALERTS_PAGE_SIZE).default(ALERTS_PAGE_SIZE),
  hasRead: z.enum(['yes', 'no'], { error: 'hasRead is yes or no' }).optional(),
  search: z.string().trim().max(200).optional(),
  /** The alerts of one day in India, YYYY-MM-DD (the Created On filter). */
  createdOn: z
    .string()
    .trim()
    .refine((day) => isCalendarDate(day) && day >= '2000-01-01' && day <= '2099-12-31', { error: 'createdOn is a day written YYYY-MM-DD' })
    .optional(),
  sort: sortSchema(ALERT_SORT_COLUMNS, ALERTS_USUAL_SORT),
});
export type AlertsQuery = z.input<typeof alertsQuerySchema>;
/** The filters of an alerts export: the list's, without paging (an export holds every page). */
export const alertsExportQuerySchema = alertsQuerySchema.omit({ page: true, pageSize: true });
export const alertsPageSchema = pagedListSchema('alerts', adminAlertSchema);
export type AlertsPage = z.infer<typeof alertsPageSchema>;

/** Where an alert's "View" opens, or null when there is nothing to open. */
export function alertViewPath(data: AdminAlert['data']): string | null {
  if (!data.resourceId) return null;
  const id = encodeURIComponent(data.resourceId);
  switch (data.resourceType) {
    case 'lecture':
      return `/admin/videos/lectures/${id}/discussions`;
    case 'asset':
      return '/admin/process/queue';
    case 'winner-announcement':
      return `/admin/winners/editor/${id}`;
    case 'exam':
      return `/admin/exams/editor/${id}/reports`;
    default:
      return null;
  }
}
