import type { UploadedAsset } from '../../../../shared/assets/assets.schema.ts';
import { api } from '../../lib/trpc.ts';
import { toastError } from '../toasts.ts';
import { useQueueFile } from './use-asset.ts';

/** What an editor that saves files at once gives its file cards. */
export interface SavingEditor<Draft> {
  current: () => Draft;
  change: (patch: Partial<Draft>) => void;
  /** Saves `next`; rejects when it was not saved. */
  saveDraft: (next: Draft) => Promise<void>;
  showSaveFailure: (error: unknown) => void;
}

/**
 * Puts `patch` in the draft and saves it at once, then queues the uploaded file: the save comes
 * first so that the queue item carries the record's title. A failed save is shown and nothing is queued.
 */
export function useSaveThenQueue<Draft>(editor: SavingEditor<Draft>) {
  const queueFile = useQueueFile();
  return async (patch: Partial<Draft>, fileId: string) => {
    const next = { ...editor.current(), ...patch };
    editor.change(patch);
    try {
      await editor.saveDraft(next);
    } catch (error) {
      editor.showSaveFailure(error);
      return;
    }
    await queueFile.mutateAsync({ fileId }).catch((error: unknown) => toastError('Could not add to queue', error));
  };
}

/**
 * A file slot that saves the record as soon as its file changes and queues the file for processing:
 * an upload is saved first (so that the queue item carries the record's title), then queued; a
 * replaced file is looked at again and the record saved (the server takes the new name and size).
 */
export function useSavedFile<Draft>(editor: SavingEditor<Draft>, field: keyof Draft) {
  const utils = api.useUtils();
  const saveThenQueue = useSaveThenQueue(editor);

  const uploaded = (asset: UploadedAsset) => saveThenQueue({ [field]: asset._id } as unknown as Partial<Draft>, asset._id);

  const replaced = async (asset: UploadedAsset) => {
    await Promise.all([utils.assets.get.invalidate({ id: asset._id }), utils.queue.item.invalidate({ fileId: asset._id })]);
    await editor.saveDraft(editor.current()).catch(editor.showSaveFailure);
  };

  return { uploaded, replaced };
}

/**
 * What a file's delete button does first: the record lets go of the file and is saved, since the
 * server keeps the files a record uses. `failureTitle` names a save that failed.
 */
export function releaseBeforeDelete<Draft>(editor: SavingEditor<Draft>, field: keyof Draft, failureTitle: string) {
  const patch = { [field]: null } as unknown as Partial<Draft>;
  return { run: () => editor.saveDraft({ ...editor.current(), ...patch }), failureTitle, applied: () => editor.change(patch) };
}
