import { useState } from 'react';
import type { QueueItem } from '../../../../shared/assets/assets.schema.ts';
import type { Notice } from '../../components/notice-modal.tsx';
import { toastError, toastSuccess } from '../../components/toasts.ts';
import { delay } from '../../lib/delay.ts';
import { api } from '../../lib/trpc.ts';
import type { Removal } from './remove-from-queue-modal.tsx';
import type { RaiseTarget } from '../../../../shared/queue/priority-class.rules.ts';
import { connectionErrorNotice } from './use-queue-list.ts';

export const CANCEL_DELAY_MS = 800;
export const TRIGGER_DELAY_MS = 1000;

/** What the queue manager's buttons do: start, stop, pull, queue a failed file again, and ask before a removal. */
export function useQueueActions(setNotice: (notice: Notice) => void, refresh: () => Promise<void>) {
  const utils = api.useUtils();
  const start = api.queue.start.useMutation();
  const stop = api.queue.stop.useMutation();
  const { mutate: triggerFile } = api.queue.trigger.useMutation();
  const { mutate: raiseItem } = api.queue.raise.useMutation();
  const [raising, setRaising] = useState<string | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  /** An administrator moves a waiting item up: to the class above, or to the front of the queue. */
  const raise = (item: QueueItem, to: RaiseTarget) => {
    setRaising(item.fileId);
    raiseItem(
      { fileId: item.fileId, to },
      {
        onSuccess: () => {
          toastSuccess(to === 'top' ? 'Moved to the front of the queue' : 'Priority raised');
          void utils.queue.list.invalidate();
        },
        onError: (cause) => {
          toastError('Could not raise the priority', cause);
          void utils.queue.list.invalidate();
        },
        onSettled: () => setRaising(null),
      },
    );
  };

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

  return { busy, startQueue, stopQueue, pulled, queueAgain, raise, raising, askToDelete, checking, removal, closeRemoval: () => setRemoval(null) };
}
