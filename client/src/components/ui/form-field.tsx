import * as React from 'react';
import { cn } from '../../lib/utils.ts';
import { Label } from './label.tsx';

export interface FormFieldProps {
  /** The id of the control inside; the label and the error are tied to it. */
  id: string;
  label: React.ReactNode;
  error?: string | undefined;
  hint?: React.ReactNode;
  className?: string;
  /** Receives the aria attributes to spread on the control. */
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => React.ReactNode;
}

/** A label, its control and the control's validation message, wired for screen readers. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The hint gives way to the error, so only the text on screen describes the control.
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
FormField.displayName = 'FormField';
