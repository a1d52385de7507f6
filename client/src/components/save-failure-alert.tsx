import { SAVE_FAILURE_ATTRIBUTE } from '../lib/use-draft-editor.ts';
import { ErrorAlert, type FailureNotice } from './error-alert.tsx';
import { Button } from './ui/button.tsx';

/**
 * An editor's failed save: why, under the header, until dismissed or saved; the edits stay as
 * typed. When it is out of view, the editor says the same in a toast (see useDraftEditor).
 */
export function SaveFailureAlert({ failure, onDismiss }: { failure: FailureNotice | null; onDismiss: () => void }) {
  if (!failure) return null;
  return (
    <div className="grid gap-1" {...{ [SAVE_FAILURE_ATTRIBUTE]: '' }}>
      <ErrorAlert title={failure.title} message={failure.message} warnings={failure.warnings} warningsIntro={null} />
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>Your changes are still here: nothing was lost.</span>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
SaveFailureAlert.displayName = 'SaveFailureAlert';
