import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { CloudDownload, Play, RotateCw, Square, Trash2 } from 'lucide-react';
import type { QueueItem, QueueState } from '../../../../shared/assets/assets.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ProcessStatus } from '../../components/files/process-status.tsx';
import { isWorkingState, processPercent } from '../../components/files/asset-status.rules.ts';
import { useQueueAccess } from '../../components/files/use-asset.ts';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { toastError, toastSuccess } from '../../components/toasts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { delay } from '../../lib/delay.ts';
import { formatDateAndTime } from '../../lib/format.ts';
import { messageOr } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { cn } from '../../lib/utils.ts';
import { PullDataModal } from './pull-data-modal.tsx';
import { QueueFileCell } from './queue-file-cell.tsx';
import { useCountdown } from './use-countdown.ts';

/** The queue manager's timings and page size. */
export const QUEUE_REFRESH_SECONDS = 15;
export const CANCEL_DELAY_MS = 800;
export const TRIGGER_DELAY_MS = 1000;
const DELETE_DELAY_MS = 300;
const CONNECTION_FALLBACK = 'Something went wrong';

export function connectionErrorNotice(error: unknown): Notice {
  return { kind: 'error', title: 'Connection Error', text: messageOr(error, CONNECTION_FALLBACK) };
}

/** The global state as shown: UNKNOWN until the first answer. */
function QueueStateLabel({ state }: { state: QueueState | undefined }) {
  const running = state === 'RUNNING';
  return (
    <span
      aria-label={`Queue state: ${state ?? 'UNKNOWN'}`}
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-semibold tracking-wide',
        running ? 'border-success/30 bg-success/10 text-success' : 'border-border bg-muted text-muted-foreground',
      )}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', running ? 'animate-pulse bg-success' : 'bg-muted-foreground/60')} />
      {state ?? 'UNKNOWN'}
    </span>
  );
}

function DateTimeCell({ iso }: { iso: string }) {
  const [date, time] = formatDateAndTime(iso);
  return (
    <time dateTime={iso} className="grid whitespace-nowrap text-xs">
      <span>{date}</span>
      <span className="text-muted-foreground">{time}</span>
    </time>
  );
}

function typeLabel(type: QueueItem['type']): string {
  return type === 'pdf' ? 'Pdf' : 'Video';
}

/** /admin/process/queue: the processing queue manager. */
export function ProcessQueuePage() {
  useDocumentTitle('Process Queue');
  const { canManageQueue } = useQueueAccess();
  const utils = api.useUtils();
  const queue = api.queue.list.useQuery(undefined, { staleTime: 0 });
  const start = api.queue.start.useMutation();
  const stop = api.queue.stop.useMutation();
  const remove = api.queue.remove.useMutation();
  const { mutate: triggerFile } = api.queue.trigger.useMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pullOpen, setPullOpen] = useState(false);
  const [removing, setRemoving] = useState<QueueItem | null>(null);
  const [busy, setBusy] = useState(false);

  const { refetch } = queue;
  const countdown = useCountdown(QUEUE_REFRESH_SECONDS, () => void refetch());
  const { restart } = countdown;
  const refresh = useCallback(async () => {
    restart();
    await refetch();
  }, [refetch, restart]);

  // Every failed load opens the dialog again (including the automatic ones).
  const { isError, error, errorUpdatedAt } = queue;
  useEffect(() => {
    if (isError) setNotice(connectionErrorNotice(error));
  }, [isError, error, errorUpdatedAt]);

  const startQueue = async () => {
    setBusy(true);
    setNotice({ kind: 'wait', title: 'Activating trigger...' });
    try {
      await delay(TRIGGER_DELAY_MS);
      await start.mutateAsync();
      setNotice({ kind: 'success', title: 'Trigger activated successfully', text: 'Waiting files start, most urgent first.' });
      await delay(TRIGGER_DELAY_MS);
      await refresh();
    } catch (cause) {
      setNotice(connectionErrorNotice(cause));
    } finally {
      setBusy(false);
    }
  };

  const stopQueue = async () => {
    setBusy(true);
    setNotice({ kind: 'wait', title: 'Requesting cancelation...' });
    try {
      await delay(CANCEL_DELAY_MS);
      await stop.mutateAsync();
      setNotice({
        kind: 'success',
        title: 'Cancellation requested!',
        text: 'The file being processed finishes first; no new file starts until the queue is started again.',
      });
      await refresh();
    } catch (cause) {
      setNotice(connectionErrorNotice(cause));
    } finally {
      setBusy(false);
    }
  };

  const pulled = (count: number) => {
    setNotice({
      kind: 'success',
      title: 'Data pull completed, you may need to start the process manually',
      text: `${count} ${count === 1 ? 'file was' : 'files were'} added to the queue.`,
    });
    void refresh();
  };

  const columns = useMemo<ColumnDef<QueueItem, unknown>[]>(() => {
    const base: ColumnDef<QueueItem, unknown>[] = [
      { id: 'index', header: '#', cell: ({ row }) => <span className="tabular-nums text-muted-foreground">{row.index + 1}</span> },
      {
        id: 'file',
        header: 'File ID',
        accessorFn: (item) => `${item.title} ${item.fileName} ${item.fileId}`,
        cell: ({ row }) => <QueueFileCell item={row.original} />,
      },
      { id: 'type', header: 'Type', accessorFn: (item) => typeLabel(item.type) },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'state',
        cell: ({ row }) => (
          <ProcessStatus
            state={row.original.state}
            progress={row.original.processProgress}
            failureReason={row.original.failureReason}
            showProgress={false}
            className="min-w-36 max-w-56"
          />
        ),
      },
      {
        id: 'progress',
        header: 'Progress',
        accessorFn: (item) => processPercent(item.state, item.processProgress),
        cell: ({ row }) => {
          const percent = processPercent(row.original.state, row.original.processProgress);
          return (
            <div className="grid w-24 gap-1">
              <span className="text-xs font-medium tabular-nums">{percent}%</span>
              <Progress value={percent} aria-label={`Progress of ${row.original.title}`} className="h-1.5" />
            </div>
          );
        },
      },
      {
        id: 'updated',
        header: 'Last Updated On',
        accessorKey: 'lastStateUpdatedOn',
        cell: ({ row }) => <DateTimeCell iso={row.original.lastStateUpdatedOn} />,
      },
      {
        id: 'created',
        header: 'Created On',
        accessorKey: 'createdAt',
        cell: ({ row }) => <DateTimeCell iso={row.original.createdAt} />,
      },
    ];
    if (!canManageQueue) return base;
    return [
      ...base,
      {
        id: 'action',
        header: 'Action',
        cell: ({ row }) => {
          const item = row.original;
          return (
            <div className="flex items-center gap-1">
              {item.state === 'failed' && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    triggerFile(
                      { fileId: item.fileId, title: item.title, type: item.type },
                      {
                        onSuccess: () => {
                          toastSuccess('Trigger activated successfully');
                          void utils.queue.list.invalidate();
                        },
                        onError: (cause) => toastError('Request Error', cause),
                      },
                    )
                  }
                >
                  <RotateCw aria-hidden="true" />
                  Queue again
                </Button>
              )}
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${item.title} from the queue`}
                title={isWorkingState(item.state) ? 'Being processed: stop the queue and wait until it is done' : 'Delete from queue'}
                disabled={isWorkingState(item.state)}
                onClick={() => setRemoving(item)}
                className="text-destructive hover:text-destructive"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          );
        },
      },
    ];
  }, [canManageQueue, triggerFile, utils]);

  const items = useMemo(() => queue.data?.items ?? [], [queue.data]);

  return (
    <div className="mx-auto grid max-w-7xl gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Process Queue</h1>
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <QueueStateLabel state={queue.data?.state} />
            <span aria-live="off" className="tabular-nums">
              Auto refresh in {countdown.secondsLeft}s
            </span>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={() => void refresh()} disabled={queue.isFetching}>
            <RotateCw aria-hidden="true" className={cn(queue.isFetching && 'animate-spin')} />
            Refresh
          </Button>
          <Button variant="outline" onClick={() => void startQueue()} disabled={busy} className="text-success hover:text-success">
            <Play aria-hidden="true" />
            Start
          </Button>
          <Button variant="outline" onClick={() => void stopQueue()} disabled={busy} className="text-destructive hover:text-destructive">
            <Square aria-hidden="true" />
            Stop
          </Button>
          {canManageQueue && (
            <Button onClick={() => setPullOpen(true)}>
              <CloudDownload aria-hidden="true" />
              Pull Data
            </Button>
          )}
        </div>
      </div>
      <DataTable
        label="Queue"
        columns={columns}
        data={items}
        pageSize={10}
        minRows={3}
        isLoading={queue.isPending}
        emptyMessage="Empty Queue"
        getRowId={(item) => item._id}
      />
      {canManageQueue && <PullDataModal open={pullOpen} onOpenChange={setPullOpen} onPulled={pulled} />}
      {canManageQueue && (
        <ConfirmModal
          open={removing !== null}
          onOpenChange={(open) => !open && setRemoving(null)}
          title="Delete from Queue"
          text={
            removing
              ? `Remove “${removing.title}” from the queue? What was made from the file (renditions, page images) is deleted; the file itself stays.`
              : ''
          }
          confirmLabel="Delete"
          busyLabel="Deleting..."
          errorTitle="Process Failed"
          destructive
          onConfirm={async () => {
            if (!removing) return;
            await delay(DELETE_DELAY_MS);
            await remove.mutateAsync({ fileId: removing.fileId });
            toastSuccess('Removed from the queue');
            await refresh();
          }}
        />
      )}
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </div>
  );
}
ProcessQueuePage.displayName = 'ProcessQueuePage';
