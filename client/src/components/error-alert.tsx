import * as React from 'react';
import { AlertCircle } from 'lucide-react';
import { errorMessage, errorWarnings } from '../lib/errors.ts';
import { Alert, AlertDescription, AlertTitle } from './ui/alert.tsx';
import { repeatsWarning, WarningsList } from './warnings-list.tsx';

export interface ErrorAlertProps extends Omit<React.HTMLAttributes<HTMLDivElement>, 'title'> {
  title: string;
  /** The text to show; when absent it is derived from `error` with the console's error rule. */
  message?: string | undefined;
  error?: unknown;
  /** A has-warnings answer's list, shown under the message. */
  warnings?: readonly string[] | undefined;
  /** The line above the warnings ('Please resolve these warnings and try again' by default). */
  warningsIntro?: string | null;
}

/** An error-styled alert with a title and the failure's message, announced to screen readers. */
export const ErrorAlert = React.forwardRef<HTMLDivElement, ErrorAlertProps>(({ title, message, error, warnings, warningsIntro, ...props }, ref) => (
  <Alert ref={ref} variant="destructive" {...props}>
    <AlertCircle aria-hidden="true" />
    <AlertTitle>{title}</AlertTitle>
    <AlertDescription>
      {repeatsWarning(message ?? errorMessage(error), warnings) ? null : (message ?? errorMessage(error))}
      {warnings && warnings.length > 0 && (
        <WarningsList warnings={warnings} {...(warningsIntro === undefined ? {} : { intro: warningsIntro })} className="mt-2" />
      )}
    </AlertDescription>
  </Alert>
));
ErrorAlert.displayName = 'ErrorAlert';

/** What a failed action leaves on screen: a title, a message and any warnings the server listed. */
export interface FailureNotice {
  title: string;
  message: string;
  warnings?: string[];
}

export function failureNotice(title: string, error: unknown): FailureNotice {
  const warnings = errorWarnings(error);
  return warnings.length > 0 ? { title, message: errorMessage(error), warnings } : { title, message: errorMessage(error) };
}
