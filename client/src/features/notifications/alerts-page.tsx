import { useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { CheckCheck, ExternalLink, RefreshCw } from 'lucide-react';
import { ALERTS_PAGE_SIZE, alertViewPath } from '../../../../shared/alerts/alerts.schema.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { TableStateRows } from '../../components/table-state-rows.tsx';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { ServerPager } from '../../components/server-pager.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { delay } from '../../lib/delay.ts';
import { messageOr } from '../../lib/errors.ts';
import { formatIndiaTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSettled } from '../../lib/use-settled.ts';
import { SentNotificationsCard } from './sent-notifications-card.tsx';

/** The pause before the alerts are asked for again or marked read, as the specification has it. */
export const ALERTS_DELAY_MS = 700;

function longDate(iso: string): string {
  return formatIndiaTime(iso, 'long');
}

/** /admin/notifications: Notifications > Alerts, with Mark all as read and Refresh; below, what was sent to students. */
export function AlertsPage() {
  useDocumentTitle('Notifications');
  const utils = api.useUtils();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [hasRead, setHasRead] = useState<'' | 'yes' | 'no'>('');
  const [createdOn, setCreatedOn] = useState('');
  const search = useSettled(searchText);
  useEffect(() => setPage(1), [search, hasRead, createdOn]);
  const input = {
    page,
    pageSize: ALERTS_PAGE_SIZE,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(hasRead ? { hasRead } : {}),
    ...(createdOn ? { createdOn } : {}),
  };
  const alerts = api.alerts.list.useQuery(input, { placeholderData: keepPreviousData, staleTime: Infinity, retryDelay: 100 });
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
      {alerts.isError && <LoadFailure title="Refresh Failed" error={alerts.error} onRetry={alerts.refetch} />}
      <div className="rounded-lg border bg-card">
        <Table aria-label="Alerts">
          <TableHeader>
            <TableRow>
              <TableHead className="whitespace-nowrap">Created On</TableHead>
              <TableHead>Message</TableHead>
              <TableHead className="whitespace-nowrap">Has Read</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
            <TableRow>
              <TableHead>
                <Input aria-label="Filter Created On" type="date" min="2000-01-01" max="2099-12-31" className="h-8 min-w-36" value={createdOn} onChange={(event) => setCreatedOn(event.target.value)} />
              </TableHead>
              <TableHead>
                <Input aria-label="Filter Message" placeholder="Filter" className="h-8 min-w-40" maxLength={200} value={searchText} onChange={(event) => setSearchText(event.target.value)} />
              </TableHead>
              <TableHead>
                <NativeSelect aria-label="Filter Has Read" className="h-8 min-w-24" value={hasRead} onChange={(event) => setHasRead(event.target.value as typeof hasRead)}>
                  <option value="">All</option>
                  <option value="yes">Yes</option>
                  <option value="no">No</option>
                </NativeSelect>
              </TableHead>
              <TableHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStateRows colSpan={4} isPending={alerts.isPending} count={rows.length} loadingLabel="Loading alerts" emptyText="No alerts">
              {rows.map((alert) => {
                const view = alertViewPath(alert.data);
                return (
                  <TableRow key={alert._id}>
                    <TableCell className="min-w-32 sm:whitespace-nowrap">{longDate(alert.createdAt)}</TableCell>
                    <TableCell className={`min-w-56 break-words sm:min-w-64 [overflow-wrap:anywhere] ${alert.hasRead ? 'text-muted-foreground' : 'font-medium'}`}>{alert.message}</TableCell>
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
              })}
            </TableStateRows>
          </TableBody>
        </Table>
        <ServerPager page={page} pageSize={ALERTS_PAGE_SIZE} total={alerts.data?.total ?? 0} noun="alerts" onPage={setPage} />
      </div>
      <SentNotificationsCard />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </div>
  );
}
AlertsPage.displayName = 'AlertsPage';
