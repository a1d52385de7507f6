import * as React from 'react';
import { Loader2 } from 'lucide-react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/utils.ts';

const spinnerVariants = cva('animate-spin text-muted-foreground', {
  variants: { size: { sm: 'size-4', default: 'size-6', lg: 'size-10' } },
  defaultVariants: { size: 'default' },
});

export interface SpinnerProps extends React.SVGAttributes<SVGSVGElement>, VariantProps<typeof spinnerVariants> {
  /** Read to screen readers; the icon itself is decorative. Empty when a visible text says it already. */
  label?: string;
}

export const Spinner = React.forwardRef<SVGSVGElement, SpinnerProps>(({ className, size, label = 'Loading', ...props }, ref) => (
  <>
    <Loader2 ref={ref} aria-hidden="true" className={cn(spinnerVariants({ size }), className)} {...props} />
    {label && <span className="sr-only">{label}</span>}
  </>
));
Spinner.displayName = 'Spinner';

/** A centred spinner that fills its container, for pages and panels still loading. */
export function LoadingPanel({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex h-full min-h-40 w-full items-center justify-center gap-3 text-muted-foreground', className)}>
      <Loader2 aria-hidden="true" className="size-6 animate-spin" />
      <span className="text-sm">{label}...</span>
    </div>
  );
}
LoadingPanel.displayName = 'LoadingPanel';
