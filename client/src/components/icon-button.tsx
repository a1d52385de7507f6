import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/utils.ts';
import { Button, type ButtonProps } from './ui/button.tsx';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label' | 'asChild'> {
  icon: LucideIcon;
  /** What the button does, for screen readers (and its tooltip where no `title` is given). */
  label: string;
}

/** A button that shows only its icon (icon-sized unless `size` says otherwise). */
export function IconButton({ icon: Icon, label, size = 'icon', ...props }: IconButtonProps) {
  return (
    <Button size={size} aria-label={label} {...props}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
IconButton.displayName = 'IconButton';

/** One of a row's icon buttons. */
export interface IconAction {
  icon: LucideIcon;
  /** Its tooltip for the mouse ("Edit"). */
  title: string;
  /** Its name for screen readers ("Edit SAVE10"). */
  label: string;
  onClick: () => void;
  /** Drawn in red (delete, remove). */
  destructive?: boolean;
}

/** A table row's actions as icon buttons side by side, which keeps them in view in a wide table. */
export function IconActions({ actions, variant, className }: { actions: IconAction[]; variant: ButtonProps['variant']; className?: string }) {
  return (
    <span className="flex gap-1">
      {actions.map(({ destructive, ...action }) => (
        <IconButton key={action.title} {...action} variant={variant} className={cn(className, destructive && 'text-destructive')} />
      ))}
    </span>
  );
}
