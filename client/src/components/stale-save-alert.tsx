import { RotateCw, Users } from 'lucide-react';
import type { StaleSave } from '../lib/use-draft-editor.ts';
import { Alert, AlertDescription, AlertTitle } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';

export const STALE_SAVE_TITLE = 'Someone else saved this meanwhile';

/**
 * A save refused because someone saved after this editor loaded: says who and when, keeps
 * every unsaved edit on screen, and offers to load their version instead.
 */
export function StaleSaveAlert({ staleSave, onReload, onDismiss }: { staleSave: StaleSave | null; onReload: () => void; onDismiss: () => void }) {
  if (!staleSave) return null;
  return (
    <Alert variant="warning" role="alert">
      <Users aria-hidden="true" />
      <AlertTitle>{STALE_SAVE_TITLE}</AlertTitle>
      <AlertDescription>
        <p>{staleSave.message}</p>
        <p className="mt-1">Reloading shows their version and drops your unsaved edits; copy anything you want to keep first.</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" onClick={onReload}>
            <RotateCw aria-hidden="true" />
            Reload their version
          </Button>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Keep my edits on screen
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
StaleSaveAlert.displayName = 'StaleSaveAlert';
