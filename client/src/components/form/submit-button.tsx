import * as React from 'react';
import { Button, type ButtonProps } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** While true the button shows a spinner and `pendingText`, and is disabled unless `disabled` says otherwise. */
  pending: boolean;
  pendingText: React.ReactNode;
}

/** A form's submit button that shows the request in flight. */
export function SubmitButton({ pending, pendingText, disabled, children, ...button }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={disabled ?? pending} {...button}>
      {pending && <Spinner size="sm" className="text-current" label="" />}
      {pending ? pendingText : children}
    </Button>
  );
}
SubmitButton.displayName = 'SubmitButton';
