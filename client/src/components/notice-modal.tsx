import * as React from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { cn } from '../lib/utils.ts';
import { Button } from './ui/button.tsx';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from './ui/alert-dialog.tsx';
import { Spinner } from './ui/spinner.tsx';
import { repeatsWarning, WarningsList } from './warnings-list.tsx';

/**
 * What a notice shows. `wait` is a blocking "please wait" (no buttons) that the caller
 * replaces with the outcome; the others close with OK.
 */
export type Notice =
  | { kind: 'wait'; title: string; text?: string }
  | {
      kind: 'success' | 'error' | 'info';
      title: string;
      text?: React.ReactNode;
      /** A has-warnings answer's blockers, as an ordered list. */
      warnings?: readonly string[];
      /** The line above the warnings; 'Please resolve these warnings and try again' by default. */
      warningsIntro?: string | null;
    };

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;
const ICON_COLOURS = { success: 'text-success', error: 'text-destructive', info: 'text-info' } as const;

export interface NoticeModalProps {
  notice: Notice | null;
  onClose: () => void;
}

/** A modal message: a wait state, or a success, error or information with an OK button. */
export function NoticeModal({ notice, onClose }: NoticeModalProps) {
  // Keep the last notice while the dialog animates out.
  const [shown, setShown] = React.useState(notice);
  React.useEffect(() => {
    if (notice) setShown(notice);
  }, [notice]);
  const shownNotice = notice ?? shown;
  const waiting = shownNotice?.kind === 'wait';
  const current =
    shownNotice && shownNotice.kind !== 'wait' && repeatsWarning(shownNotice.text, shownNotice.warnings) ? { ...shownNotice, text: undefined } : shownNotice;

  return (
    <AlertDialog open={notice !== null} onOpenChange={(open) => !open && !waiting && onClose()}>
      <AlertDialogContent aria-busy={waiting || undefined} {...(current?.text ? {} : { 'aria-describedby': undefined })}>
        {current && (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle className="flex items-center gap-2">
                {current.kind === 'wait' ? (
                  <Spinner size="sm" label="" />
                ) : (
                  React.createElement(ICONS[current.kind], {
                    'aria-hidden': true,
                    className: cn('size-5 shrink-0', ICON_COLOURS[current.kind]),
                  })
                )}
                {current.title}
              </AlertDialogTitle>
              {current.text ? (
                <AlertDialogDescription asChild={typeof current.text !== 'string'}>
                  {typeof current.text === 'string' ? current.text : <div>{current.text}</div>}
                </AlertDialogDescription>
              ) : null}
            </AlertDialogHeader>
            {current.kind !== 'wait' && current.warnings && current.warnings.length > 0 && (
              <WarningsList
                warnings={current.warnings}
                {...(current.warningsIntro === undefined ? {} : { intro: current.warningsIntro })}
                className={current.kind === 'error' ? 'text-destructive' : undefined}
              />
            )}
            {!waiting && (
              <AlertDialogFooter>
                <Button onClick={onClose} autoFocus>
                  OK
                </Button>
              </AlertDialogFooter>
            )}
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
NoticeModal.displayName = 'NoticeModal';
