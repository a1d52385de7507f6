import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { CloudDownload, Play, RotateCw, Square } from 'lucide-react';
import type { QueueItem, QueueState } from '../../../../shared/assets/assets.schema.ts';
import { FINISHED_SHOWN_FOR_HOURS, QUEUE_PAGE_SIZE, QUEUE_VIEW_LABELS, QUEUE_VIEWS, type QueueView } from '../../../../shared/queue/queue-list.schema.ts';
import { useQueueAccess } from '../../components/files/use-asset.ts';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { toastError, toastSuccess } from '../../components/toasts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { delay } from '../../lib/delay.ts';
import { messageOr } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { cn } from '../../lib/utils.ts';
import { PullDataModal } from './pull-data-modal.tsx';
import { QueueTable } from './queue-table.tsx';
import { RemoveFromQueueModal, type Removal } from './remove-from-queue-modal.tsx';
import { useCountdown } from './use-countdown.ts';

/** The queue manager's timings and page size. */
export const QUEUE_REFRESH_SECONDS = 15;
export const CANCEL_DELAY_MS = 800;
export const TRIGGER_DELAY_MS = 1000;
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

/** What an empty view says: the spec's 'Empty Queue' for the default view. */
function emptyText(view: QueueView): string {
  return view === 'current' ? 'Empty Queue' : `No ${QUEUE_VIEW_LABELS[view].toLowerCase()} items`;
}

/** /admin/process/queue: the processing queue manager. */
export function ProcessQueuePage() {
  useDocumentTitle('Process Queue');
  const { canManageQueue } = useQueueAccess();
  const utils = api.useUtils();
  const [view, setView] = useState<QueueView>('current');
  const [page, setPage] = useState(1);
  const queue = api.queue.list.useQuery({ status: view, page, pageSize: QUEUE_PAGE_SIZE }, { staleTime: 0, placeholderData: keepPreviousData });
  const start = api.queue.start.useMutation();
  const stop = api.queue.stop.useMutation();
  const { mutate: triggerFile } = api.queue.trigger.useMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pullOpen, setPullOpen] = useState(false);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
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

  // The view shrank under this page (a delete, items finishing): show its last page.
  const total = queue.data?.total ?? 0;
  useEffect(() => {
    const pages = Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));
    if (!queue.isPlaceholderData && page > pages) setPage(pages);
  }, [total, page, queue.isPlaceholderData]);

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

  const queueAgain = (item: QueueItem) =>
    triggerFile(
      { fileId: item.fileId, title: item.title, type: item.type },
      {
        onSuccess: () => {
          toastSuccess('Trigger activated successfully');
          void utils.queue.list.invalidate();
        },
        onError: (cause) => toastError('Request Error', cause),
      },
    );

  /** Asks the server which published lectures the removal takes offline, then asks the user. */
  const askToDelete = async (item: QueueItem) => {
    setChecking(item.fileId);
    try {
      const impact = await utils.queue.removalImpact.fetch({ fileId: item.fileId }, { staleTime: 0 });
      setRemoval({ item, unpublishes: impact.unpublishes });
    } catch (cause) {
      toastError('Process Failed', cause);
    } finally {
      setChecking(null);
    }
  };

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-4">
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
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="grid gap-1.5">
          <Label htmlFor="queue-status">Status</Label>
          <NativeSelect
            id="queue-status"
            className="min-w-44"
            value={view}
            onChange={(event) => {
              setView(event.target.value as QueueView);
              setPage(1);
            }}
          >
            {QUEUE_VIEWS.map((option) => (
              <option key={option} value={option}>
                {QUEUE_VIEW_LABELS[option]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <p className="min-w-0 flex-1 basis-64 pb-2 text-sm text-muted-foreground">
          {view === 'current'
            ? `Finished items leave this view ${FINISHED_SHOWN_FOR_HOURS === 24 ? 'a day' : `${FINISHED_SHOWN_FOR_HOURS} hours`} after they finish; choose Finished or All to find them.`
            : 'Newest first.'}
        </p>
      </div>
      <QueueTable
        items={queue.data?.items ?? []}
        isPending={queue.isPending}
        page={page}
        pageSize={QUEUE_PAGE_SIZE}
        total={total}
        onPage={setPage}
        emptyText={emptyText(view)}
        actions={canManageQueue ? { onQueueAgain: queueAgain, onDelete: (item) => void askToDelete(item), deleting: checking } : undefined}
      />
      {canManageQueue && <PullDataModal open={pullOpen} onOpenChange={setPullOpen} onPulled={pulled} />}
      {canManageQueue && <RemoveFromQueueModal removal={removal} onClose={() => setRemoval(null)} onRemoved={refresh} />}
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </div>
  );
}
ProcessQueuePage.displayName = 'ProcessQueuePage';
