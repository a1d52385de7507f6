import { ChevronsUp, ChevronUp } from 'lucide-react';
import type { QueueItem } from '../../../../shared/assets/assets.schema.ts';
import { MEDIA_PRIORITY_LABELS, raisedPriority, type RaiseTarget } from '../../../../shared/queue/priority-class.rules.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/utils.ts';

const CLASS_VARIANT = { upload: 'info', reprocess: 'secondary', backfill: 'outline' } as const;

export interface QueuePriorityCellProps {
  item: QueueItem;
  /** Administrators: raise a waiting item (to the class above, or to the front). */
  onRaise?: ((item: QueueItem, to: RaiseTarget) => void) | undefined;
  raising: boolean;
}

/** An item's priority class as a badge (the number it stands for in its title). */
export function PriorityBadge({ item, className }: { item: Pick<QueueItem, 'priority' | 'priorityClass'>; className?: string }) {
  return (
    <Badge
      variant={CLASS_VARIANT[item.priorityClass]}
      className={cn('w-fit whitespace-nowrap', className)}
      title={`Priority ${item.priority} (lower runs sooner)`}
    >
      {MEDIA_PRIORITY_LABELS[item.priorityClass]}
    </Badge>
  );
}
PriorityBadge.displayName = 'PriorityBadge';

/** An item's priority class, and for an administrator the buttons that move a waiting item up. */
export function QueuePriorityCell({ item, onRaise, raising }: QueuePriorityCellProps) {
  const canRaise = onRaise !== undefined && item.state === 'queued' && raisedPriority(item.priority, 'top') !== null;
  return (
    <div className="flex items-center gap-1">
      <PriorityBadge item={item} />
      {canRaise && (
        <>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Raise the priority of ${item.title}`}
            title="Raise to the class above"
            disabled={raising}
            onClick={() => onRaise(item, 'next')}
          >
            <ChevronUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Move ${item.title} to the front of the queue`}
            title="Move to the front of the queue"
            disabled={raising}
            onClick={() => onRaise(item, 'top')}
          >
            <ChevronsUp aria-hidden="true" />
          </Button>
        </>
      )}
    </div>
  );
}
QueuePriorityCell.displayName = 'QueuePriorityCell';
