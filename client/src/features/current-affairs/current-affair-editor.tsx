import { useCallback, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { shortPostDate } from '../../../../shared/current-affairs/current-affair-dates.rules.ts';
import { currentAffairValueSchema, type CurrentAffair } from '../../../../shared/current-affairs/current-affairs.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { EditorShell, type EditorDeleteDialog } from '../../components/editor-shell/editor-shell.tsx';
import { VisibilitySwitch } from '../../components/editor-shell/state-switch.tsx';
import { deleteFailureNotice, firstProblem, publishHeader } from '../../components/editor-shell/editor-notices.ts';
import { useLeaveDeleted } from '../../components/editor-shell/use-leave-deleted.ts';
import { bindDraft } from '../../components/form/bind-draft.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { within } from '../../components/leave-guard.tsx';
import type { Notice } from '../../components/notice-modal.tsx';
import { dismissToast, savedToast, toastSuccess } from '../../components/toasts.ts';
import { errorMessage } from '../../lib/errors.ts';
import { validateForm } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { useDraftEditor } from '../../lib/use-draft-editor.ts';
import { isEmbedded } from '../admin/admin-layout.tsx';
import { RateCardSelect } from '../subscriptions/rate-card-select.tsx';
import { CoverArtCard } from './cover-art-card.tsx';
import { isSameDateConflict, toCurrentAffairValue, toDraft, type CurrentAffairDraft } from './current-affair-draft.ts';
import { SAVE_FAILED_TITLE, type CurrentAffairEditorApi } from './current-affair-editor-api.ts';
import { CURRENT_AFFAIRS_MANAGER_PATH, currentAffairEditorPath } from './current-affair-paths.ts';
import { PdfCard } from './pdf-card.tsx';

export const DELETE_CURRENT_AFFAIR_TEXT = 'You are about to delete this item. Do you want to continue?';

/** A failed delete: the warnings of a has-warnings answer, else the message or the connection hint. */
export function deleteWarningsNotice(error: unknown): Notice {
  return deleteFailureNotice('Delete Warnings', error);
}

/** The delete dialog of the editor. */
const DELETE_DIALOG: EditorDeleteDialog = { title: 'Delete Item', text: DELETE_CURRENT_AFFAIR_TEXT, failureNotice: deleteWarningsNotice };

/** The current-affairs editor: the date as its title, visibility and rate card, cover art and PDF. */
export function CurrentAffairEditor({ post, onReload }: { post: CurrentAffair; onReload: () => Promise<void> }) {
  const id = post._id;
  const embedded = isEmbedded(useSearch());
  const utils = api.useUtils();
  const drafts = useDraftEditor(toDraft(post), post.version, { saveFailedTitle: SAVE_FAILED_TITLE, record: { kind: 'current affairs post', id } });
  const { draft, change, save: saveWithVersion, showSaveFailure } = drafts;
  const bind = bindDraft(draft, change);
  // The server's question when the date has another post, and the answer the save waits for.
  const [sameDate, setSameDate] = useState<string | null>(null);
  const answerSameDate = useRef<(confirmed: boolean) => void>(() => undefined);
  const savePost = api.currentAffairs.save.useMutation();
  const deletePost = api.currentAffairs.delete.useMutation();
  const leaveDeleted = useLeaveDeleted(CURRENT_AFFAIRS_MANAGER_PATH, 'Post deleted', () => utils.currentAffairs.list.invalidate());

  const askSameDate = (question: string) =>
    new Promise<boolean>((resolve) => {
      answerSameDate.current = resolve;
      setSameDate(question);
    });

  const saveDraft = useCallback(
    async (next: CurrentAffairDraft, allowSameDate = false): Promise<void> => {
      dismissToast(savedToast(id));
      const checked = validateForm(currentAffairValueSchema, toCurrentAffairValue(next));
      if (!checked.ok) throw new Error(firstProblem(checked.errors));
      let answer;
      try {
        answer = await saveWithVersion(next, (version) => savePost.mutateAsync({ id, value: checked.data, version, allowSameDate }));
      } catch (error) {
        if (!allowSameDate && isSameDateConflict(error) && (await askSameDate(errorMessage(error)))) return saveDraft(next, true);
        throw error;
      }
      // What the header and the offline panel show, at once; the refetch brings the rest.
      const { masterSubscription: _card, ...saved } = next;
      utils.currentAffairs.get.setData({ id }, (old) => (old ? { ...old, ...answer, ...saved, hasPDFUploaded: next.pdfFileId ? 'Yes' : 'No' } : old));
      await Promise.all([utils.currentAffairs.get.invalidate({ id }), utils.currentAffairs.list.invalidate()]);
    },
    [id, savePost, saveWithVersion, utils],
  );

  const editor: CurrentAffairEditorApi = { current: drafts.current, change, saveDraft: (next) => saveDraft(next), showSaveFailure };

  const save = () => {
    void saveDraft(drafts.current())
      .then(() => toastSuccess('Post saved', undefined, savedToast(id)))
      .catch(showSaveFailure);
  };

  return (
    <EditorShell
      drafts={drafts}
      history={{ resourceType: 'current-affair', resourceId: id }}
      documentTitle={draft.title ? shortPostDate(draft.title) : 'Current Affair'}
      embedded={embedded}
      header={{
        title: draft.title,
        titleType: 'date',
        titleLabel: 'Post date',
        onTitleChange: (title) => change({ title }),
        ...publishHeader(post, 'Item Offline!', 'Not Published'),
        saving: savePost.isPending,
        onSave: save,
        backHref: CURRENT_AFFAIRS_MANAGER_PATH,
        // The date field writes the date the browser's way; the short date says it plainly.
        actions: draft.title ? <span className="text-sm text-muted-foreground">{shortPostDate(draft.title)}</span> : null,
      }}
      onReload={onReload}
      leave={{ inside: within(currentAffairEditorPath(id)), thing: 'post' }}
      remove={{ ...DELETE_DIALOG, onDelete: () => deletePost.mutateAsync({ id }), onDeleted: leaveDeleted }}
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title="Visibility & Subscription" className="lg:col-span-2">
          <VisibilitySwitch id="current-affair-visibility" thing="item" {...bind.toggle('isVisible')} />
          <RateCardSelect
            id="current-affair-rate-card"
            label="Rate card"
            noneLabel="No rate card (free for every student)"
            hint="Students who hold this rate card open the PDF; without one, every signed-in student does."
            {...bind.choice('masterSubscription')}
          />
        </SectionCard>
        <CoverArtCard editor={editor} bannerImageId={draft.bannerImageId} />
        <PdfCard editor={editor} pdfFileId={draft.pdfFileId} />
      </div>
      <ConfirmModal
        open={sameDate !== null}
        onOpenChange={(open) => {
          if (open) return;
          setSameDate(null);
          answerSameDate.current(false);
        }}
        title="Same Date"
        text={sameDate ?? ''}
        cancelLabel="Cancel"
        confirmLabel="Save Anyway"
        onConfirm={() => answerSameDate.current(true)}
      />
    </EditorShell>
  );
}
CurrentAffairEditor.displayName = 'CurrentAffairEditor';
