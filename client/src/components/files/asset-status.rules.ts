import type { AccessMode, Asset, AssetKind, ProcessState, QueueItem, QueueItemState } from '../../../../shared/assets/assets.schema.ts';
import { PROCESS_STEPS, progressPercent, stepNumber } from '../../../../shared/assets/progress.rules.ts';

/** Where new files of a kind are posted; the server refuses a file whose content is another kind. */
export function assetUploadUrl(accessMode: AccessMode, kind: AssetKind): string {
  return `/api/assets/${accessMode}?kind=${kind}`;
}

/** Where a file's new content is put; the id, and everything that refers to it, stay. */
export function assetReplaceUrl(assetId: string): string {
  return `/api/assets/replace/${assetId}`;
}

export type AnyProcessState = ProcessState | QueueItemState;

const STATE_LABELS: Record<AnyProcessState, string> = {
  uploaded: 'Uploaded (requires processing)',
  queued: 'Queued',
  preparing: 'Preparing',
  downloading: 'Downloading',
  processing: 'Processing',
  'post-processing': 'Post-processing',
  uploading: 'Uploading',
  ready: 'Ready',
  failed: 'Failed',
};

export function processStateLabel(state: AnyProcessState): string {
  return STATE_LABELS[state];
}

/** "Step 3 of 5" for the five working states, else undefined. */
export function processStepLabel(state: string): string | undefined {
  const step = stepNumber(state);
  return step === undefined ? undefined : `Step ${step} of ${PROCESS_STEPS.length}`;
}

/** True while a worker is on the file (preparing to uploading). */
export function isWorkingState(state: string): boolean {
  return stepNumber(state) !== undefined;
}

/** Percent done of the current state (loaded over total; 100 when ready; 0 when unknown). */
export function processPercent(state: AnyProcessState, progress: Asset['processProgress']): number {
  return progressPercent(state, progress);
}

export type PdfStatus = 'ready' | 'in-queue' | 'failed' | 'add-to-queue';

/**
 * A PDF: Ready if hasConvertedtoImage, else In queue if it has a queue item, else
 * Add to queue. A queue item that failed (or finished without pages, e.g. after its pages
 * were removed) no longer holds the PDF in the queue: it can be added again.
 */
export function pdfAssetStatus(asset: Pick<Asset, 'hasConvertedtoImage' | 'state'>, queueItem: Pick<QueueItem, 'state'> | null | undefined): PdfStatus {
  if (asset.hasConvertedtoImage) return 'ready';
  if (queueItem?.state === 'failed' || (!queueItem && asset.state === 'failed')) return 'failed';
  if (queueItem && queueItem.state !== 'ready') return 'in-queue';
  // Without a queue item (or without the right to read it), a worker on the file still counts.
  if (!queueItem && isWorkingState(asset.state)) return 'in-queue';
  return 'add-to-queue';
}

/**
 * How often a file's state is asked for again: every 2 s while it waits in the queue or a
 * worker is on it, otherwise not at all. `queueState` is null when the file has
 * no queue item and undefined when that is not known (a role that cannot read the queue):
 * an uploaded file may then be waiting, so it is asked for every 3 s.
 */
export function assetPollInterval(assetState: string | undefined, queueState: string | null | undefined): number | false {
  if ((assetState && isWorkingState(assetState)) || (queueState && isWorkingState(queueState))) return 2000;
  if (queueState === 'queued') return 2000;
  if (queueState === undefined && assetState === 'uploaded') return 3000;
  return false;
}
