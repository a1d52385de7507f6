import { useState } from 'react';
import { CloudDownload, Play, RotateCw, Square } from 'lucide-react';
import { useQueueAccess } from '../../components/files/use-asset.ts';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { cn } from '../../lib/utils.ts';
import { PullDataModal } from './pull-data-modal.tsx';
import { QueueStateLabel } from './queue-state-label.tsx';
import { QueueTable } from './queue-table.tsx';
import { emptyQueueText, QueueViewPicker } from './queue-view-picker.tsx';
import { RemoveFromQueueModal } from './remove-from-queue-modal.tsx';
import { useQueueActions } from './use-queue-actions.ts';
import { useQueueList } from './use-queue-list.ts';

/** /admin/process/queue: the processing queue manager. */
export function ProcessQueuePage() {
  useDocumentTitle('Process Queue');
  const { canManageQueue, canRaisePriority } = useQueueAccess();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pullOpen, setPullOpen] = useState(false);
  const queue = useQueueList(setNotice);
  const actions = useQueueActions(setNotice, queue.refresh);
  const { query } = queue;

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Process Queue</h1>
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <QueueStateLabel state={query.data?.state} />
            <span aria-live="off" className="tabular-nums">
              Auto refresh in {queue.secondsLeft}s
            </span>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={() => void queue.refresh()} disabled={query.isFetching}>
            <RotateCw aria-hidden="true" className={cn(query.isFetching && 'animate-spin')} />
            Refresh
          </Button>
          <Button variant="outline" onClick={() => void actions.startQueue()} disabled={actions.busy} className="text-success hover:text-success">
            <Play aria-hidden="true" />
            Start
          </Button>
          <Button variant="outline" onClick={() => void actions.stopQueue()} disabled={actions.busy} className="text-destructive hover:text-destructive">
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
      <QueueViewPicker view={queue.view} onView={queue.showView} />
      <QueueTable
        items={query.data?.items ?? []}
        isPending={query.isPending}
        {...queue.pager}
        sort={queue.sort}
        onSort={queue.setSort}
        emptyText={emptyQueueText(queue.view)}
        actions={
          canManageQueue ? { onQueueAgain: actions.queueAgain, onDelete: (item) => void actions.askToDelete(item), deleting: actions.checking } : undefined
        }
        raise={canRaisePriority ? { onRaise: actions.raise, raising: actions.raising } : undefined}
      />
      {canManageQueue && <PullDataModal open={pullOpen} onOpenChange={setPullOpen} onPulled={actions.pulled} />}
      {canManageQueue && <RemoveFromQueueModal removal={actions.removal} onClose={actions.closeRemoval} onRemoved={queue.refresh} />}
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </div>
  );
}
ProcessQueuePage.displayName = 'ProcessQueuePage';
