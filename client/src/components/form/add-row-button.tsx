import { Plus } from 'lucide-react';
import { cn } from '../../lib/utils.ts';
import { Button, type ButtonProps } from '../ui/button.tsx';

/** An outlined "Add …" button with the plus sign, at the start of its row: it adds a row or opens a picker. */
export function AddRowButton({ className, children, ...button }: Omit<ButtonProps, 'variant'>) {
  return (
    <Button variant="outline" className={cn('justify-self-start', className)} {...button}>
      <Plus aria-hidden="true" />
      {children}
    </Button>
  );
}
AddRowButton.displayName = 'AddRowButton';
