import { useCallback, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { shortPostDate } from '../../../../shared/current-affairs/current-affair-dates.rules.ts';
import { currentAffairValueSchema, type CurrentAffair } from '../../../../shared/current-affairs/current-affairs.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DeleteConfirmModal } from '../../components/delete-confirm-modal.tsx';
import { EditorHeader } from '../../components/editor-header.tsx';
import { SectionCard } from '../../components/form/section-card.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { LeaveGuard, within } from '../../components/leave-guard.tsx';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { SaveFailureAlert } from '../../components/save-failure-alert.tsx';
import { StaleSaveAlert } from '../../components/stale-save-alert.tsx';
import { dismissToast, savedToast, toastSuccess } from '../../components/toasts.ts';
import { errorMessage, errorTypeOf, errorWarnings, messageOr } from '../../lib/errors.ts';
import { validateForm } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { useDraftEditor } from '../../lib/use-draft-editor.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { isEmbedded } from '../admin/admin-layout.tsx';
import { RateCardSelect } from '../subscriptions/rate-card-select.tsx';
import { CoverArtCard } from './cover-art-card.tsx';
import { isSameDateConflict, toCurrentAffairValue, toDraft, type CurrentAffairDraft } from './current-affair-draft.ts';
import { SAVE_FAILED_TITLE, type CurrentAffairEditorApi } from './current-affair-editor-api.ts';
import { CURRENT_AFFAIRS_MANAGER_PATH, currentAffairEditorPath } from './current-affair-paths.ts';
import { PdfCard } from './pdf-card.tsx';

export const DELETE_CURRENT_AFFAIR_TEXT = 'You are about to delete this item. Do you want to continue?';
const DELETE_FALLBACK = 'Unknown error. Check your connection and try again.';
/** A short pause before the post is deleted. */
const DELETE_DELAY_MS = 300;

/** A failed delete: the warnings of a has-warnings answer, else the message or the connection hint. */
export function deleteWarningsNotice(error: unknown): Notice {
  if (errorTypeOf(error) === 'has-warnings') return { kind: 'error', title: 'Delete Warnings', warnings: errorWarnings(error) };
  return { kind: 'error', title: 'Delete Warnings', text: messageOr(error, DELETE_FALLBACK) };
}

/** The current-affairs editor: the date as its title, visibility and rate card, cover art and PDF. */
export function CurrentAffairEditor({ post, onReload }: { post: CurrentAffair; onReload: () => Promise<void> }) {
  const id = post._id;
  const embedded = isEmbedded(useSearch());
  const [, navigate] = useLocation();
  const utils = api.useUtils();
  const drafts = useDraftEditor(toDraft(post), post.version, { saveFailedTitle: SAVE_FAILED_TITLE, record: { kind: 'current affairs post', id } });
  const { draft, change, save: saveWithVersion, showSaveFailure } = drafts;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The server's question when the date has another post, and the answer the save waits for.
  const [sameDate, setSameDate] = useState<string | null>(null);
  const answerSameDate = useRef<(confirmed: boolean) => void>(() => undefined);
  const savePost = api.currentAffairs.save.useMutation();
  const deletePost = api.currentAffairs.delete.useMutation();
  useDocumentTitle(draft.title ? shortPostDate(draft.title) : 'Current Affair');

  const askSameDate = (question: string) =>
    new Promise<boolean>((resolve) => {
      answerSameDate.current = resolve;
      setSameDate(question);
    });

  const saveDraft = useCallback(
    async (next: CurrentAffairDraft, allowSameDate = false): Promise<void> => {
      dismissToast(savedToast(id));
      const checked = validateForm(currentAffairValueSchema, toCurrentAffairValue(next));
      if (!checked.ok) throw new Error(Object.values(checked.errors).find(Boolean) ?? 'Please check the fields');
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
    <div className="mx-auto grid max-w-6xl gap-4">
      <EditorHeader
        title={draft.title}
        titleType="date"
        titleLabel="Post date"
        onTitleChange={(title) => change({ title })}
        status={post.isPublished ? { text: 'Published', variant: 'success' } : { text: 'Not Published', variant: 'destructive' }}
        hasChanges={drafts.hasChanges}
        saving={savePost.isPending}
        onSave={save}
        onDelete={() => setDeleteOpen(true)}
        hideDelete={embedded}
        backHref={CURRENT_AFFAIRS_MANAGER_PATH}
        hideBack={embedded}
        isVisible={post.isVisible}
        warnings={post.publishWarnings}
        offlineTitle="Item Offline!"
        // The date field writes the date the browser's way; the short date says it plainly.
        actions={draft.title ? <span className="text-sm text-muted-foreground">{shortPostDate(draft.title)}</span> : null}
      />
      <StaleSaveAlert staleSave={drafts.staleSave} onReload={() => void onReload()} onDismiss={drafts.dismissStaleSave} />
      <SaveFailureAlert failure={drafts.saveFailure} onDismiss={drafts.dismissSaveFailure} />
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title="Visibility & Subscription" className="lg:col-span-2">
          <SwitchField
            id="current-affair-visibility"
            name="Public visibility"
            label={draft.isVisible ? 'This item is enabled for public visibility' : 'Public visibility has turned off for this item'}
            checked={draft.isVisible}
            onCheckedChange={(isVisible) => change({ isVisible })}
          />
          <RateCardSelect
            id="current-affair-rate-card"
            label="Rate card"
            noneLabel="No rate card (free for every student)"
            hint="Students who hold this rate card open the PDF; without one, every signed-in student does."
            value={draft.masterSubscription}
            onChange={(masterSubscription) => change({ masterSubscription })}
          />
        </SectionCard>
        <CoverArtCard editor={editor} bannerImageId={draft.bannerImageId} />
        <PdfCard editor={editor} pdfFileId={draft.pdfFileId} />
      </div>
      <LeaveGuard when={drafts.hasChanges} inside={within(currentAffairEditorPath(id))} thing="post" />
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
      <DeleteConfirmModal
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title="Delete Item"
        text={DELETE_CURRENT_AFFAIR_TEXT}
        pauseMs={DELETE_DELAY_MS}
        onDelete={() => deletePost.mutateAsync({ id })}
        onFailure={(error) => setNotice(deleteWarningsNotice(error))}
        onDeleted={async () => {
          await utils.currentAffairs.list.invalidate();
          toastSuccess('Post deleted');
          navigate(CURRENT_AFFAIRS_MANAGER_PATH);
        }}
      />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </div>
  );
}
CurrentAffairEditor.displayName = 'CurrentAffairEditor';
