import * as React from 'react';
import { ListPlus, RotateCw } from 'lucide-react';
import { durationInMinutes } from '../../../../shared/media/ladder.rules.ts';
import { formatBytes, formatClock, formatMinutes } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { HlsPlayer } from './hls-player.tsx';
import { ProcessStatus } from './process-status.tsx';
import { RenditionsTable } from './renditions-table.tsx';
import type { AnyProcessState } from './asset-status.rules.ts';
import { useAddToQueue, useAssetWithQueue } from './use-asset.ts';

export interface VideoAssetPanelProps {
  assetId: string;
  /** Told when the file's processing state changes (e.g. to reload what depends on it). */
  onStateChange?: (state: AnyProcessState) => void;
  /** Told when the video becomes playable while it is still processing (its first renditions' first segments are stored). */
  onPlayable?: () => void;
  /** Buttons shown beside "Add to Queue", e.g. replace and delete. */
  actions?: React.ReactNode;
  className?: string;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/**
 * A video file: name, size, duration and poster; its processing state with step and progress
 * (asked for again every few seconds while it moves); once processed, its renditions and a
 * player; and "Add to Queue" to process it (again).
 */
export function VideoAssetPanel({ assetId, onStateChange, onPlayable, actions, className }: VideoAssetPanelProps) {
  const { asset: assetQuery, queueItem } = useAssetWithQueue(assetId);
  const queue = useAddToQueue();
  const asset = assetQuery.data;
  // A file waiting in the queue keeps its own state (uploaded, or ready when processed again) meanwhile.
  const state: AnyProcessState | undefined = asset && queueItem?.state === 'queued' ? 'queued' : asset?.state;

  const lastState = React.useRef<AnyProcessState | undefined>(undefined);
  React.useEffect(() => {
    if (!state || lastState.current === state) return;
    const first = lastState.current === undefined;
    lastState.current = state;
    if (!first) onStateChange?.(state);
  }, [state, onStateChange]);

  const playable = asset ? asset.playlistUrl !== null : undefined;
  const wasPlayable = React.useRef<boolean | undefined>(undefined);
  React.useEffect(() => {
    if (playable === undefined || wasPlayable.current === playable) return;
    const first = wasPlayable.current === undefined;
    wasPlayable.current = playable;
    if (!first && playable) onPlayable?.();
  }, [playable, onPlayable]);

  if (assetQuery.isPending) return <Spinner label="Loading video" />;
  if (!asset || !state) return <ErrorAlert title="The video could not be loaded" error={assetQuery.error} />;

  const canQueue = state === 'uploaded' || state === 'ready' || state === 'failed';
  const addToQueue = () => queue.addToQueue(asset._id);

  return (
    <div className={cn('grid gap-4', className)}>
      <div className="flex flex-wrap items-start gap-4">
        {asset.posterUrl ? (
          <img src={asset.posterUrl} alt="Video poster" className="aspect-video w-40 rounded-md border bg-black object-cover" />
        ) : (
          <div className="flex aspect-video w-40 items-center justify-center rounded-md border bg-muted text-xs text-muted-foreground">No poster yet</div>
        )}
        <dl className="grid min-w-0 flex-1 basis-64 grid-cols-2 gap-3 sm:grid-cols-3">
          <Fact label="File">
            <span className="[overflow-wrap:anywhere]">{asset.fileName}</span>
          </Fact>
          <Fact label="Size">{formatBytes(asset.sizeInBytes)}</Fact>
          <Fact label="Duration">
            {asset.durationInSeconds == null
              ? 'Known after processing'
              : `${formatClock(asset.durationInSeconds)} (${formatMinutes(durationInMinutes(asset.durationInSeconds))})`}
          </Fact>
        </dl>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ProcessStatus state={state} progress={asset.processProgress} failureReason={queueItem?.failureReason ?? asset.failureReason} />
        <div className="flex flex-wrap items-center gap-2">
          {canQueue && (
            <Button variant={state === 'uploaded' ? 'default' : 'outline'} onClick={addToQueue} disabled={queue.isPending}>
              {state === 'failed' ? <RotateCw aria-hidden="true" /> : <ListPlus aria-hidden="true" />}
              {state === 'failed' ? 'Queue again' : 'Add to Queue'}
            </Button>
          )}
          {actions}
        </div>
      </div>
      {asset.renditions.length > 0 && (
        <section aria-label="Renditions" className="grid gap-2">
          <h3 className="text-sm font-semibold">Renditions</h3>
          <RenditionsTable renditions={asset.renditions} />
        </section>
      )}
      {asset.playlistUrl && (
        <section aria-label="Preview" className="grid gap-2">
          <h3 className="text-sm font-semibold">Preview</h3>
          <HlsPlayer src={asset.playlistUrl} poster={asset.posterUrl} className="max-w-2xl" />
        </section>
      )}
    </div>
  );
}
VideoAssetPanel.displayName = 'VideoAssetPanel';
