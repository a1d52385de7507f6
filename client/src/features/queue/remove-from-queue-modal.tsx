import { useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { QueueItem } from '../../../../shared/assets/assets.schema.ts';
import type { LectureShown } from '../../../../shared/queue/queue-list.schema.ts';
import { unpublishWarning } from '../../../../shared/queue/rendition-removal.rules.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { toastSuccess } from '../../components/toasts.ts';
import { delay } from '../../lib/delay.ts';
import { api } from '../../lib/trpc.ts';

const DELETE_DELAY_MS = 300;

/** An item to delete from the queue, with the published lectures its removal takes offline (read when Delete was pressed). */
export interface Removal {
  item: QueueItem;
  unpublishes: LectureShown[];
}

export interface RemoveFromQueueModalProps {
  removal: Removal | null;
  onClose: () => void;
  onRemoved: () => Promise<void>;
}

/**
 * Delete from Queue: the item and what was made from its file go, the file stays. A published
 * lecture playing the video is named and goes offline with it; the server refuses if a lecture was
 * published after the dialog opened, and the dialog then names it too, so that a second press agrees to it.
 */
export function RemoveFromQueueModal({ removal, onClose, onRemoved }: RemoveFromQueueModalProps) {
  const utils = api.useUtils();
  const remove = api.queue.remove.useMutation();
  const [seen, setSeen] = useState<{ fileId: string; unpublishes: LectureShown[] } | null>(null);
  const unpublishes = removal && seen?.fileId === removal.item.fileId ? seen.unpublishes : (removal?.unpublishes ?? []);
  const titles = unpublishes.map((lecture) => lecture.title);

  const confirm = async () => {
    if (!removal) return;
    const { fileId } = removal.item;
    await delay(DELETE_DELAY_MS);
    try {
      const answer = await remove.mutateAsync({ fileId, unpublishLectureIds: unpublishes.map((lecture) => lecture._id) });
      toastSuccess(
        'Removed from the queue',
        answer.unpublished.length > 0 ? `Unpublished: ${answer.unpublished.map((lecture) => lecture.title).join(', ')}` : undefined,
      );
      if (answer.unpublished.length > 0) void utils.lectures.invalidate();
      await onRemoved();
    } catch (error) {
      // Whatever changed meanwhile (a lecture published since the dialog opened) is shown before a second try.
      const fresh = await utils.queue.removalImpact.fetch({ fileId }, { staleTime: 0 }).catch(() => null);
      if (fresh) setSeen({ fileId, unpublishes: fresh.unpublishes });
      throw error;
    }
  };

  return (
    <ConfirmModal
      open={removal !== null}
      onOpenChange={(open) => {
        if (!open) {
          setSeen(null);
          onClose();
        }
      }}
      title="Delete from Queue"
      text={
        removal ? `Remove “${removal.item.title}” from the queue? What was made from the file (renditions, page images) is deleted; the file itself stays.` : ''
      }
      confirmLabel={titles.length > 0 ? 'Unpublish and delete' : 'Delete'}
      busyLabel="Deleting..."
      errorTitle="Process Failed"
      destructive
      onConfirm={confirm}
    >
      {titles.length > 0 && (
        <p
          role="note"
          aria-label="Lectures that will be unpublished"
          className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{unpublishWarning(titles)}</span>
        </p>
      )}
    </ConfirmModal>
  );
}
RemoveFromQueueModal.displayName = 'RemoveFromQueueModal';
