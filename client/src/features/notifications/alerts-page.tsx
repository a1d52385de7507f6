import { useState } from 'react';
import { CheckCheck, ExternalLink, RefreshCw } from 'lucide-react';
import {
  ALERT_SORT_COLUMNS,
  ALERTS_PAGE_SIZE,
  ALERTS_USUAL_SORT,
  alertViewPath,
  type AdminAlert,
  type AlertSortColumn,
} from '../../../../shared/alerts/alerts.schema.ts';
import type { SortParam } from '../../../../shared/validation/sorting.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { ChoiceFilterCell, TextFilterCell } from '../../components/server-list/filter-cells.tsx';
import { ServerListTable } from '../../components/server-list/server-list-table.tsx';
import { SortableHeadingsRow, type SortableHeading } from '../../components/server-list/sortable-headings-row.tsx';
import { presentFilters, SERVER_LIST_QUERY_OPTIONS, useServerList, type SetListFilter } from '../../components/server-list/use-server-list.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TableCell, TableHead, TableRow } from '../../components/ui/table.tsx';
import { delay } from '../../lib/delay.ts';
import { messageOr } from '../../lib/errors.ts';
import { formatIndiaTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { SentNotificationsCard } from './sent-notifications-card.tsx';

/** The pause before the alerts are asked for again or marked read, as the specification has it. */
export const ALERTS_DELAY_MS = 700;

function longDate(iso: string): string {
  return formatIndiaTime(iso, 'long');
}

// A type, not an interface: the list's filters are a record of texts.
type AlertFilters = { search: string; hasRead: '' | 'yes' | 'no'; createdOn: string };

const HAS_READ_CHOICES = [
  ['', 'All'],
  ['yes', 'Yes'],
  ['no', 'No'],
] as const;

/** Created On and Has Read (by when read, the unread first ascending) sort the list. */
const HEADINGS: ReadonlyArray<SortableHeading<AlertSortColumn>> = [
  { label: 'Created On', column: 'createdAt' },
  { label: 'Message' },
  { label: 'Has Read', column: 'hasRead' },
  { label: 'Actions' },
];

interface AlertsHeadProps {
  filters: AlertFilters;
  setFilter: SetListFilter<AlertFilters>;
  sort: SortParam<AlertSortColumn>;
  onSort: (sort: SortParam<AlertSortColumn>) => void;
}

/** The headings (choosing one that sorts sorts by it), and under them a filter for each column the server filters by. */
function AlertsHead({ filters, setFilter, sort, onSort }: AlertsHeadProps) {
  return (
    <>
      <SortableHeadingsRow headings={HEADINGS} sort={sort} onSort={onSort} />
      <TableRow>
        <TableHead>
          <Input
            aria-label="Filter Created On"
            type="date"
            min="2000-01-01"
            max="2099-12-31"
            className="h-8 min-w-36"
            value={filters.createdOn}
            onChange={(event) => setFilter('createdOn', event.target.value)}
          />
        </TableHead>
        <TextFilterCell column="Message" className="h-8 min-w-40" maxLength={200} value={filters.search} onChange={(value) => setFilter('search', value)} />
        <ChoiceFilterCell
          column="Has Read"
          className="h-8 min-w-24"
          choices={HAS_READ_CHOICES}
          value={filters.hasRead}
          onChange={(value) => setFilter('hasRead', value)}
        />
        <TableHead />
      </TableRow>
    </>
  );
}

function AlertRow({ alert }: { alert: AdminAlert }) {
  const view = alertViewPath(alert.data);
  return (
    <TableRow>
      <TableCell className="min-w-32 sm:whitespace-nowrap">{longDate(alert.createdAt)}</TableCell>
      <TableCell className={`min-w-56 break-words sm:min-w-64 [overflow-wrap:anywhere] ${alert.hasRead ? 'text-muted-foreground' : 'font-medium'}`}>
        {alert.message}
      </TableCell>
      <TableCell>{alert.hasRead ? 'Yes' : 'No'}</TableCell>
      <TableCell>
        {view && (
          <a href={view} target="_blank" rel="noopener" className="inline-flex items-center gap-1 text-primary hover:underline">
            View
            <ExternalLink aria-hidden="true" className="size-3" />
          </a>
        )}
      </TableCell>
    </TableRow>
  );
}

/** /admin/notifications: Notifications > Alerts, with Mark all as read and Refresh; below, what was sent to students. */
export function AlertsPage() {
  useDocumentTitle('Notifications');
  const utils = api.useUtils();
  const {
    filters,
    setFilter,
    settled,
    query: alerts,
    pager,
    sort,
    setSort,
  } = useServerList({
    initialFilters: { search: '', hasRead: '', createdOn: '' } as AlertFilters,
    typed: ['search'],
    pageSize: ALERTS_PAGE_SIZE,
    sort: { columns: ALERT_SORT_COLUMNS, usual: ALERTS_USUAL_SORT },
    toInput: (settled, paging) => ({ ...paging, ...presentFilters(settled) }),
    useQuery: (input) => api.alerts.list.useQuery(input, { ...SERVER_LIST_QUERY_OPTIONS, staleTime: Infinity }),
  });
  const markAllRead = api.alerts.markAllRead.useMutation();
  const [busy, setBusy] = useState<'refresh' | 'read' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const rows = alerts.data?.alerts ?? [];

  const act = async (kind: 'refresh' | 'read') => {
    setBusy(kind);
    await delay(ALERTS_DELAY_MS);
    try {
      if (kind === 'read') await markAllRead.mutateAsync();
      await Promise.all([utils.alerts.list.invalidate(), utils.alerts.count.invalidate(), utils.push.sent.invalidate()]);
    } catch (error) {
      setNotice({ kind: 'error', title: 'Refresh Failed', text: messageOr(error, 'Unknown error') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Notifications &gt; Alerts</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={busy !== null} onClick={() => void act('read')}>
            {busy === 'read' ? <Spinner size="sm" label="" /> : <CheckCheck aria-hidden="true" />}
            Mark all as read
          </Button>
          <Button variant="outline" disabled={busy !== null} onClick={() => void act('refresh')}>
            {busy === 'refresh' ? <Spinner size="sm" label="" /> : <RefreshCw aria-hidden="true" />}
            Refresh
          </Button>
        </div>
      </div>
      <ExportButtons path="/api/admin/notifications/export" filters={{ ...presentFilters(settled), sort }} total={alerts.data?.total} noun="alerts" />
      <ServerListTable
        label="Alerts"
        head={<AlertsHead filters={filters} setFilter={setFilter} sort={sort ?? ALERTS_USUAL_SORT} onSort={setSort} />}
        colSpan={HEADINGS.length}
        query={alerts}
        count={rows.length}
        loadingLabel="Loading alerts"
        emptyText="No alerts"
        pager={{ ...pager, noun: 'alerts' }}
        failureTitle="Refresh Failed"
      >
        {rows.map((alert) => (
          <AlertRow key={alert._id} alert={alert} />
        ))}
      </ServerListTable>
      <SentNotificationsCard />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </div>
  );
}
AlertsPage.displayName = 'AlertsPage';
