import { FINISHED_SHOWN_FOR_HOURS, QUEUE_VIEW_LABELS, QUEUE_VIEWS, type QueueView } from '../../../../shared/queue/queue-list.schema.ts';
import { Label } from '../../components/ui/label.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';

/** The Status choice of the queue's views, and where finished items went. */
export function QueueViewPicker({ view, onView }: { view: QueueView; onView: (view: QueueView) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <div className="grid gap-1.5">
        <Label htmlFor="queue-status">Status</Label>
        <NativeSelect id="queue-status" className="min-w-44" value={view} onChange={(event) => onView(event.target.value as QueueView)}>
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
  );
}
QueueViewPicker.displayName = 'QueueViewPicker';

/** What an empty view says: the spec's 'Empty Queue' for the default view. */
export function emptyQueueText(view: QueueView): string {
  return view === 'current' ? 'Empty Queue' : `No ${QUEUE_VIEW_LABELS[view].toLowerCase()} items`;
}
