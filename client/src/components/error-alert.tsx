import * as React from 'react';
import { AlertCircle } from 'lucide-react';
import { errorMessage } from '../lib/errors.ts';
import { Alert, AlertDescription, AlertTitle } from './ui/alert.tsx';

export interface ErrorAlertProps extends Omit<React.HTMLAttributes<HTMLDivElement>, 'title'> {
  title: string;
  /** The text to show; when absent it is derived from `error` with the console's error rule. */
  message?: string | undefined;
  error?: unknown;
}

/** An error-styled alert with a title and the failure's message, announced to screen readers. */
export const ErrorAlert = React.forwardRef<HTMLDivElement, ErrorAlertProps>(({ title, message, error, ...props }, ref) => (
  <Alert ref={ref} variant="destructive" {...props}>
    <AlertCircle aria-hidden="true" />
    <AlertTitle>{title}</AlertTitle>
    <AlertDescription>{message ?? errorMessage(error)}</AlertDescription>
  </Alert>
));
ErrorAlert.displayName = 'ErrorAlert';

/** What a failed action leaves on screen: a title and a message. */
export interface FailureNotice {
  title: string;
  message: string;
}

export function failureNotice(title: string, error: unknown): FailureNotice {
  return { title, message: errorMessage(error) };
}
