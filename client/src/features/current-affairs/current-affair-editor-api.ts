import type { FailureNotice } from '../../components/error-alert.tsx';
import type { CurrentAffairDraft } from './current-affair-draft.ts';

/** What the editor's cards use: the draft, and saving it at once (files are saved as soon as they change). */
export interface CurrentAffairEditorApi {
  current: () => CurrentAffairDraft;
  change: (update: Partial<CurrentAffairDraft>) => void;
  /** Saves this draft; rejects (after showing why) when it was not saved. */
  saveDraft: (next: CurrentAffairDraft) => Promise<void>;
  showSaveFailure: (failure: FailureNotice | unknown) => void;
}

/** The title of a failed save. */
export const SAVE_FAILED_TITLE = 'Update subject failed';
