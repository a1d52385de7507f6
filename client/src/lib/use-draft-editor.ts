import { useCallback, useMemo, useRef, useState } from 'react';
import type { StaleCopy } from '../../../shared/http/errors.ts';
import { failureNotice, type FailureNotice } from '../components/error-alert.tsx';
import { errorMessage, staleCopyOf } from './errors.ts';

export interface StaleSave {
  /** The server's words: who saved, and when. */
  message: string;
  stale: StaleCopy;
}

export interface DraftEditor<Draft> {
  /** The draft as shown. */
  draft: Draft;
  /** The draft as it is now, also inside callbacks that outlive a render. */
  current: () => Draft;
  /** A patch of fields, or a function of the current draft. */
  change: (update: Partial<Draft> | ((current: Draft) => Draft)) => void;
  /** Something typed is not saved yet. */
  hasChanges: boolean;
  /**
   * Saves `sent` with the version the editor loaded (or last saved). On success the saved copy
   * and the version move on, and `stored` (what the server kept, e.g. a trimmed title) is shown
   * unless something was typed meanwhile. A save refused because someone else saved first sets
   * `staleSave` and rethrows, like every other failure, leaving the draft as typed.
   */
  save: <Answer extends { version: number }>(sent: Draft, run: (version: number) => Promise<Answer>, stored?: (answer: Answer) => Draft) => Promise<Answer>;
  /** Set when a save was refused because someone else saved after this editor loaded. */
  staleSave: StaleSave | null;
  dismissStaleSave: () => void;
  /**
   * Why the last save did not happen (any failure but someone else's save, which `staleSave`
   * tells), shown until dismissed or until a save succeeds. The edits stay as typed.
   */
  saveFailure: FailureNotice | null;
  /** Shows a failure found before sending (a field to correct, say), or one of a save made elsewhere. */
  showSaveFailure: (failure: FailureNotice | unknown) => void;
  dismissSaveFailure: () => void;
}

export interface DraftEditorOptions<Draft> {
  /** Whether two drafts hold the same content (JSON equality when absent). */
  same?: (a: Draft, b: Draft) => boolean;
  /** The screen's title for a failed save, e.g. 'Update subject failed'. */
  saveFailedTitle: string;
}

function isFailureNotice(value: unknown): value is FailureNotice {
  return typeof value === 'object' && value !== null && !(value instanceof Error) && 'title' in value && 'message' in value;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The draft of an editor, its saved copy and the version it was loaded at. One implementation
 * for every editor, so that each saves with the version it loaded and keeps the edits when a
 * save fails.
 */
export function useDraftEditor<Draft>(initial: Draft, loadedVersion: number, { same = sameJson, saveFailedTitle }: DraftEditorOptions<Draft>): DraftEditor<Draft> {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [staleSave, setStaleSave] = useState<StaleSave | null>(null);
  const [saveFailure, setSaveFailure] = useState<FailureNotice | null>(null);
  const draftRef = useRef(initial);
  // The version this draft is based on: set at load and by this editor's own saves only, never
  // by a refetch, so that someone else's save is noticed instead of silently adopted.
  const versionRef = useRef(loadedVersion);

  const change = useCallback((update: Partial<Draft> | ((current: Draft) => Draft)) => {
    const next = typeof update === 'function' ? update(draftRef.current) : { ...draftRef.current, ...update };
    draftRef.current = next;
    setDraft(next);
  }, []);

  const save = useCallback(
    async <Answer extends { version: number }>(sent: Draft, run: (version: number) => Promise<Answer>, stored?: (answer: Answer) => Draft) => {
      try {
        const answer = await run(versionRef.current);
        versionRef.current = answer.version;
        const kept = stored ? stored(answer) : sent;
        setSaved(kept);
        setStaleSave(null);
        setSaveFailure(null);
        if (draftRef.current === sent) {
          draftRef.current = kept;
          setDraft(kept);
        }
        return answer;
      } catch (error) {
        const stale = staleCopyOf(error);
        if (stale) setStaleSave({ message: errorMessage(error), stale });
        else setSaveFailure(failureNotice(saveFailedTitle, error));
        throw error;
      }
    },
    [saveFailedTitle],
  );

  const showSaveFailure = useCallback(
    (failure: FailureNotice | unknown) => {
      if (isFailureNotice(failure)) setSaveFailure(failure);
      else if (!staleCopyOf(failure)) setSaveFailure(failureNotice(saveFailedTitle, failure));
    },
    [saveFailedTitle],
  );

  const hasChanges = useMemo(() => !same(draft, saved), [draft, saved, same]);
  return {
    draft,
    current: useCallback(() => draftRef.current, []),
    change,
    hasChanges,
    save,
    staleSave,
    dismissStaleSave: useCallback(() => setStaleSave(null), []),
    saveFailure,
    showSaveFailure,
    dismissSaveFailure: useCallback(() => setSaveFailure(null), []),
  };
}
