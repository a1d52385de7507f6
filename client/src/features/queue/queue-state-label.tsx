import type { QueueState } from '../../../../shared/assets/assets.schema.ts';
import { cn } from '../../lib/utils.ts';

/** The global state as shown: UNKNOWN until the first answer. */
export function QueueStateLabel({ state }: { state: QueueState | undefined }) {
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
QueueStateLabel.displayName = 'QueueStateLabel';
