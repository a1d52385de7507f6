import type { Asset } from '../../../../shared/assets/assets.schema.ts';
import { cn } from '../../lib/utils.ts';
import { Badge, type BadgeProps } from '../ui/badge.tsx';
import { Progress } from '../ui/progress.tsx';
import { isWorkingState, processPercent, processStateLabel, processStepLabel, type AnyProcessState } from './asset-status.rules.ts';

function badgeVariant(state: AnyProcessState): BadgeProps['variant'] {
  if (state === 'ready') return 'success';
  if (state === 'failed') return 'destructive';
  if (isWorkingState(state)) return 'info';
  if (state === 'queued') return 'warning';
  return 'secondary';
}

export function ProcessStateBadge({ state, className }: { state: AnyProcessState; className?: string }) {
  return (
    <Badge variant={badgeVariant(state)} className={className}>
      {processStateLabel(state)}
    </Badge>
  );
}
ProcessStateBadge.displayName = 'ProcessStateBadge';

export interface ProcessStatusProps {
  state: AnyProcessState;
  progress: Asset['processProgress'];
  failureReason?: string | null | undefined;
  /** Show the progress bar (and percent) while a worker is on the file. */
  showProgress?: boolean;
  className?: string;
}

/** A file's processing state: the state, "Step N of 5" while working, the progress and any failure. */
export function ProcessStatus({ state, progress, failureReason, showProgress = true, className }: ProcessStatusProps) {
  const step = processStepLabel(state);
  const percent = processPercent(state, progress);
  return (
    <div role="status" aria-label="Processing status" className={cn('grid gap-1.5', className)}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <ProcessStateBadge state={state} />
        {step && <span className="text-muted-foreground">{step}</span>}
        {showProgress && isWorkingState(state) && <span className="font-medium tabular-nums">{percent}%</span>}
      </div>
      {showProgress && isWorkingState(state) && <Progress value={percent} aria-label={`${processStateLabel(state)} progress`} className="max-w-sm" />}
      {/* A queued item may carry the reason of a failed attempt that will be retried. */}
      {failureReason && state !== 'ready' && (
        <p title={failureReason} className={cn('line-clamp-3 text-xs', state === 'failed' ? 'text-destructive' : 'text-muted-foreground')}>
          {failureReason}
        </p>
      )}
    </div>
  );
}
ProcessStatus.displayName = 'ProcessStatus';
