import * as React from 'react';
import { cn } from '../../lib/utils.ts';

export interface SwitchProps extends Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'value'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** An on/off switch (role="switch"), labelled by a <Label htmlFor> or aria-label like any input. */
export const Switch = React.forwardRef<HTMLButtonElement, SwitchProps>(({ className, checked, onCheckedChange, onClick, ...props }, ref) => (
  <button
    ref={ref}
    type="button"
    role="switch"
    aria-checked={checked}
    data-state={checked ? 'checked' : 'unchecked'}
    className={cn(
      'peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent shadow-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
      className,
    )}
    onClick={(event) => {
      onClick?.(event);
      if (!event.defaultPrevented) onCheckedChange(!checked);
    }}
    {...props}
  >
    <span
      aria-hidden="true"
      className={cn('pointer-events-none block size-4 rounded-full bg-card shadow-lg ring-0 transition-transform', checked ? 'translate-x-4' : 'translate-x-0')}
    />
  </button>
));
Switch.displayName = 'Switch';
