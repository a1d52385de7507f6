import { useEffect, useRef } from 'react';

/** Ctrl+S, or Cmd+S on a Mac: the editor's Save (the browser's own "save page" is kept away). */
export function isSaveShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's';
}

/** A modal is open over the editor: Ctrl+S does not save what is under it. */
function modalOpen(): boolean {
  return document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null;
}

/**
 * Runs `save` on Ctrl+S / Cmd+S anywhere on the page while `enabled` (something is unsaved and
 * no save is running); the browser's save dialog never opens, also when there is nothing to save.
 */
export function useSaveShortcut(save: () => void, enabled: boolean): void {
  const latest = useRef({ save, enabled });
  latest.current = { save, enabled };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event)) return;
      event.preventDefault();
      if (event.repeat || !latest.current.enabled || modalOpen()) return;
      // A second press before the editor shows "Saving..." must not send the save again.
      latest.current.enabled = false;
      latest.current.save();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
