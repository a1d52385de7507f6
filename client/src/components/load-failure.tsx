import * as React from 'react';
import { RotateCw } from 'lucide-react';
import { cn } from '../lib/utils.ts';
import { ErrorAlert } from './error-alert.tsx';
import { Button } from './ui/button.tsx';

export interface LoadFailureProps {
  /** The screen's own title for the failure, e.g. "Fetching data failed". */
  title: string;
  error: unknown;
  /** Asks for the data again. */
  onRetry: () => unknown;
  /** More actions beside "Try again" (a way back, say). */
  children?: React.ReactNode;
  className?: string;
}

/** What a screen shows when its data could not be loaded: the failure, "Try again", and any way out. */
export function LoadFailure({ title, error, onRetry, children, className }: LoadFailureProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      <ErrorAlert title={title} error={error} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void onRetry()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
        {children}
      </div>
    </div>
  );
}
LoadFailure.displayName = 'LoadFailure';
