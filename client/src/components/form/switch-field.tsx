import * as React from 'react';
import { cn } from '../../lib/utils.ts';
import { Label } from '../ui/label.tsx';
import { Switch } from '../ui/switch.tsx';

export interface SwitchFieldProps {
  id: string;
  /** The text beside the switch (it may say what the current setting means). */
  label: React.ReactNode;
  /** The switch's name for screen readers when the visible text describes its state instead. */
  name?: string;
  description?: React.ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}

/** A switch with its label and, optionally, a line saying what it does. */
export function SwitchField({ id, label, name, description, checked, onCheckedChange, disabled, className }: SwitchFieldProps) {
  const descriptionId = `${id}-description`;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className="mt-0.5"
        aria-label={name}
        aria-describedby={description ? descriptionId : undefined}
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className={name ? 'font-normal' : undefined}>
          {label}
        </Label>
        {description && (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
SwitchField.displayName = 'SwitchField';
