import * as React from 'react';
import { cn } from '../../lib/utils.ts';

export interface ProgressProps extends React.HTMLAttributes<HTMLDivElement> {
  /** 0 to 100. */
  value: number;
}

export const Progress = React.forwardRef<HTMLDivElement, ProgressProps>(({ className, value, ...props }, ref) => {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      ref={ref}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      <div className="h-full bg-primary transition-[width] duration-200" style={{ width: `${clamped}%` }} />
    </div>
  );
});
Progress.displayName = 'Progress';
