import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert, type FailureNotice } from '../../components/error-alert.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';

export interface AuthFormProps {
  /** The form's accessible name, e.g. "Sign in". */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Why the last attempt failed, shown above the fields. */
  failure: FailureNotice | null;
  /** What comes before the failure: the step's explanation, say. */
  intro?: ReactNode;
  /** The page's own full-width submit button after the fields; a step with more buttons places its own. */
  submit?: { text: string; pendingText: string; pending: boolean };
  children: ReactNode;
}

/** A form of the sign-in, registration, invitation and recovery screens: its fields are checked here, not by the browser. */
export function AuthForm({ label, onSubmit, failure, intro, submit, children }: AuthFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={label}>
      {intro}
      {failure && <ErrorAlert title={failure.title} message={failure.message} />}
      {children}
      {submit && (
        <SubmitButton size="lg" pending={submit.pending} pendingText={submit.pendingText}>
          {submit.text}
        </SubmitButton>
      )}
    </form>
  );
}
AuthForm.displayName = 'AuthForm';
