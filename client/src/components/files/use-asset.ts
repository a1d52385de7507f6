import { useEffect, useState } from 'react';
import { canManageQueue, canRaiseQueuePriority, canSeeScreen } from '../../../../shared/auth/roles.ts';
import { useCurrentUser } from '../../features/auth/session.ts';
import { api } from '../../lib/trpc.ts';
import { toastError, toastSuccess } from '../toasts.ts';
import { assetPollInterval } from './asset-status.rules.ts';

/** What the signed-in user may do with the processing queue (staff cannot pull or remove; only administrators raise a priority). */
export function useQueueAccess(): { canReadQueue: boolean; canManageQueue: boolean; canRaisePriority: boolean } {
  const roles = useCurrentUser().data?.roles ?? [];
  return { canReadQueue: canSeeScreen(roles, 'processQueue'), canManageQueue: canManageQueue(roles), canRaisePriority: canRaiseQueuePriority(roles) };
}

/**
 * A file with the state of its queue item (the file answer carries it, so every console
 * role sees it) and whether its PDF file is missing, asked for again every few seconds
 * while it waits or is processed, so that the progress moves on screen.
 */
export function useAssetWithQueue(assetId: string, options: { checkMissing?: boolean } = {}) {
  const [interval, setPollInterval] = useState<number | false>(false);
  const asset = api.assets.get.useQuery({ id: assetId }, { refetchInterval: interval });
  const missing = api.assets.fileMissing.useQuery({ id: assetId }, { enabled: options.checkMissing ?? false });

  const queueState = asset.data ? asset.data.queueState : undefined;
  const next = assetPollInterval(asset.data?.state, queueState);
  useEffect(() => setPollInterval(next), [next]);

  const queueItem = asset.data && asset.data.queueState !== null ? { state: asset.data.queueState, failureReason: asset.data.failureReason } : null;
  return { asset, queueItem, fileMissing: missing.data?.fileMissing ?? false };
}

/** Queues a file for processing (the editor's "Add to queue"); refreshes what shows its state. */
export function useQueueFile() {
  const utils = api.useUtils();
  return api.queue.process.useMutation({
    onSuccess: async (item, input) => {
      // Show the new queue state at once: a status read that was already on its way when the
      // file was queued must not leave "Add to queue" on screen (polling starts from this state).
      utils.assets.get.setData({ id: input.fileId }, (old) => (old ? { ...old, queueState: item.state } : old));
      await Promise.all([utils.assets.get.invalidate({ id: input.fileId }), utils.queue.list.invalidate()]);
    },
  });
}

/** The "Add to queue" button's action: queues the file and tells in a toast how that went. */
export function useAddToQueue() {
  const queueFile = useQueueFile();
  const addToQueue = (fileId: string) =>
    queueFile.mutate(
      { fileId },
      {
        onSuccess: () => toastSuccess('Added to the processing queue'),
        onError: (error) => toastError('Could not add to queue', error),
      },
    );
  return { addToQueue, isPending: queueFile.isPending };
}
