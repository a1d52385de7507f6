import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { StaleCopy } from '../../../shared/http/errors.ts';
import { failureNotice, type FailureNotice } from '../components/error-alert.tsx';
import { errorMessage, isUnauthenticated, refusedFieldsOf, staleCopyOf } from './errors.ts';
import { localDraftKey, readLocalDraft, removeLocalDraft, writeLocalDraft } from './local-drafts.ts';
import { isInView, revealInvalidField } from './reveal-field.ts';
import { sameDraft } from './same-draft.ts';
import { sessionState } from './session-state.ts';

export interface StaleSave {
  /** The server's words: who saved, and when. */
  message: string;
  stale: StaleCopy;
}

/** How one save reports its failure. */
export interface SaveOptions {
  /**
   * The caller shows the failure itself (in a dialog, say): it is not shown above the tabs. A save
   * refused because someone else saved first still sets `staleSave`.
   */
  quiet?: boolean;
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
  save: <Answer extends { version: number }>(
    sent: Draft,
    run: (version: number) => Promise<Answer>,
    stored?: (answer: Answer) => Draft,
    options?: SaveOptions,
  ) => Promise<Answer>;
  /** The version the next save is sent with (the one loaded, or the last saved). */
  version: () => number;
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
  /** The fields the server refused in the last save, by form field name (`lecturerId`), each with its message. */
  refusedFields: Readonly<Record<string, string>>;
  /** Unsaved edits from before the page was reloaded were put back. */
  restored: boolean;
}

/** What an editor edits: names the failure ("Saving the lecture failed") and keys the kept draft. */
export interface EditedRecord {
  /** e.g. 'lecture', 'exam', 'winner announcement'. */
  kind: string;
  id: string;
}

export interface DraftEditorOptions<Draft> {
  /** Whether two drafts hold the same content (sameDraft, deep equality, when absent). */
  same?: (a: Draft, b: Draft) => boolean;
  /** The screen's title for a failed save, e.g. 'Update subject failed'. */
  saveFailedTitle: string;
  /**
   * The record edited. With it, a failed save says what failed under the title, and the
   * unsaved edits are kept in the tab's storage so that a reload (after the session ended,
   * say) restores them.
   */
  record?: EditedRecord;
}

/** "Saving the lecture failed": what a failed save was, under a title the specification fixes. */
export function whatFailed(kind: string): string {
  return `Saving the ${kind} failed`;
}

/** The failure as the editor shows it: the screen's title, and what failed when the title does not say. */
export function describeSaveFailure(title: string, error: unknown, kind?: string): FailureNotice {
  const notice = failureNotice(title, error);
  if (!kind || title === whatFailed(kind)) return notice;
  return { ...notice, message: `${whatFailed(kind)}: ${notice.message}` };
}

function isFailureNotice(value: unknown): value is FailureNotice {
  return typeof value === 'object' && value !== null && !(value instanceof Error) && 'title' in value && 'message' in value;
}

/** Marks the failure shown above an editor's tabs (SaveFailureAlert), to tell whether it is in view. */
export const SAVE_FAILURE_ATTRIBUTE = 'data-save-failure';

/** How long typing pauses before the unsaved edits are written to the tab's storage. */
export const LOCAL_DRAFT_PAUSE_MS = 400;

/**
 * The draft of an editor, its saved copy and the version it was loaded at. One implementation
 * for every editor, so that each saves with the version it loaded and keeps the edits when a
 * save fails.
 */
export function useDraftEditor<Draft>(
  initial: Draft,
  loadedVersion: number,
  { same = sameDraft, saveFailedTitle, record }: DraftEditorOptions<Draft>,
): DraftEditor<Draft> {
  const kind = record?.kind;
  // The account is part of the key: another account signing in here never gets these edits.
  const [storageKey] = useState(() => {
    const userId = sessionState().lastUser?._id;
    return record && userId ? localDraftKey(userId, record.kind, record.id) : null;
  });
  const [start] = useState(() => {
    const stored = storageKey ? readLocalDraft(storageKey, initial) : null;
    return stored ? { draft: stored.draft, version: stored.version, restored: true } : { draft: initial, version: loadedVersion, restored: false };
  });
  const [draft, setDraft] = useState(start.draft);
  const [saved, setSaved] = useState(initial);
  const [staleSave, setStaleSave] = useState<StaleSave | null>(null);
  const [saveFailure, setSaveFailure] = useState<FailureNotice | null>(null);
  const [refusedFields, setRefusedFields] = useState<Record<string, string>>({});
  // Each failure shown counts up, so that the field is revealed once per failure.
  const [failureCount, setFailureCount] = useState(0);
  const draftRef = useRef(start.draft);
  // The version this draft is based on: set at load and by this editor's own saves only, never
  // by a refetch, so that someone else's save is noticed instead of silently adopted. Restored
  // edits keep the version they were made on, so that a save from them is checked against it.
  const versionRef = useRef(start.version);

  // One toast per editor: a new failure replaces the last one, a successful save or Dismiss takes it away.
  // It is shown when the failure above the tabs is out of view (scrolled away, or under the header).
  const failureToastId = `save-failure:${kind ?? 'editor'}`;
  const report = useCallback((notice: FailureNotice, fields: Record<string, string> = {}) => {
    setSaveFailure(notice);
    setRefusedFields(fields);
    setFailureCount((count) => count + 1);
  }, []);

  const change = useCallback((update: Partial<Draft> | ((current: Draft) => Draft)) => {
    const next = typeof update === 'function' ? update(draftRef.current) : { ...draftRef.current, ...update };
    draftRef.current = next;
    setDraft(next);
  }, []);

  const save = useCallback(
    async <Answer extends { version: number }>(
      sent: Draft,
      run: (version: number) => Promise<Answer>,
      stored?: (answer: Answer) => Draft,
      options?: SaveOptions,
    ) => {
      try {
        const answer = await run(versionRef.current);
        versionRef.current = answer.version;
        const kept = stored ? stored(answer) : sent;
        setSaved(kept);
        setStaleSave(null);
        setSaveFailure(null);
        setRefusedFields({});
        toast.dismiss(failureToastId);
        if (draftRef.current === sent) {
          draftRef.current = kept;
          setDraft(kept);
        }
        return answer;
      } catch (error) {
        const stale = staleCopyOf(error);
        if (stale) setStaleSave({ message: errorMessage(error), stale });
        // An ended session is told by the sign-in dialog; the edits wait for Save after it.
        else if (!options?.quiet && !isUnauthenticated(error)) report(describeSaveFailure(saveFailedTitle, error, kind), refusedFieldsOf(error));
        throw error;
      }
    },
    [saveFailedTitle, kind, report, failureToastId],
  );

  const showSaveFailure = useCallback(
    (failure: FailureNotice | unknown) => {
      if (isFailureNotice(failure)) report(failure);
      else if (!staleCopyOf(failure) && !isUnauthenticated(failure)) report(describeSaveFailure(saveFailedTitle, failure, kind), refusedFieldsOf(failure));
    },
    [saveFailedTitle, kind, report],
  );

  // Once the editor has marked the failed field, it is scrolled into view and focused; then, if the
  // failure above the tabs cannot be seen from there, a toast says it where the staff member is.
  useEffect(() => {
    if (failureCount === 0 || !saveFailure) return;
    const frame = requestAnimationFrame(() => {
      revealInvalidField(Object.keys(refusedFields));
      if (isInView(document.querySelector(`[${SAVE_FAILURE_ATTRIBUTE}]`))) toast.dismiss(failureToastId);
      else toast.error(saveFailure.title, { id: failureToastId, description: saveFailure.message });
    });
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure shown
  }, [failureCount]);

  const hasChanges = useMemo(() => !same(draft, saved), [draft, saved, same]);

  // Unsaved edits are kept in the tab, so that a reload brings them back; they go once saved or undone.
  // They are written once typing pauses, and at once when the page is hidden or left: a large draft
  // (a 2,000-question exam is a megabyte) written on every key would hold each key up.
  const pendingWrite = useRef<(() => void) | null>(null);
  const left = useRef(false);
  useEffect(() => {
    if (!storageKey) return;
    if (!hasChanges) {
      pendingWrite.current = null;
      removeLocalDraft(storageKey);
      return;
    }
    const write = () => {
      pendingWrite.current = null;
      if (!left.current) writeLocalDraft(storageKey, draft, versionRef.current);
    };
    pendingWrite.current = write;
    const timer = setTimeout(write, LOCAL_DRAFT_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [storageKey, draft, hasChanges]);
  useEffect(() => {
    const flush = () => pendingWrite.current?.();
    const flushWhenHidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
    };
  }, []);
  // Leaving the editor drops them, except while the session has ended: the page may be
  // rebuilt after signing in again, and the edits must come back then. A layout effect, so that
  // they are gone as soon as the next screen shows (a reload right after must not bring them back).
  useLayoutEffect(() => {
    left.current = false;
    return () => {
      if (storageKey && !sessionState().ended) {
        // A write still waiting (until typing paused, or the page hides) must not bring them back.
        left.current = true;
        removeLocalDraft(storageKey);
      } else pendingWrite.current?.();
    };
  }, [storageKey]);
  useEffect(() => {
    if (start.restored)
      toast.info('Unsaved edits restored', {
        id: `restored:${storageKey}`,
        description: `Your edits to this ${kind ?? 'record'} from before the page was reloaded are back. Save to keep them.`,
      });
  }, [start.restored, storageKey, kind]);

  return {
    draft,
    current: useCallback(() => draftRef.current, []),
    version: useCallback(() => versionRef.current, []),
    change,
    hasChanges,
    save,
    staleSave,
    dismissStaleSave: useCallback(() => setStaleSave(null), []),
    saveFailure,
    showSaveFailure,
    dismissSaveFailure: useCallback(() => {
      setSaveFailure(null);
      toast.dismiss(failureToastId);
    }, [failureToastId]),
    refusedFields,
    restored: start.restored,
  };
}
