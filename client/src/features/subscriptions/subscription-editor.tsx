import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { SubscriptionDetail } from '../../../../shared/subscriptions/subscriptions.schema.ts';
import { subscriptionValueSchema } from '../../../../shared/subscriptions/subscriptions.schema.ts';
import { checkBeforeSave } from '../../components/editor-shell/check-before-save.ts';
import { EditorShell, type EditorDeleteDialog } from '../../components/editor-shell/editor-shell.tsx';
import { EditorTabs } from '../../components/editor-shell/editor-tabs.tsx';
import type { Notice } from '../../components/notice-modal.tsx';
import { within } from '../../components/leave-guard.tsx';
import { savedToast, toastSuccess } from '../../components/toasts.ts';
import { errorMessage, errorWarnings } from '../../lib/errors.ts';
import { type FieldErrors } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { useDraftEditor } from '../../lib/use-draft-editor.ts';
import { changeDraft, serverFieldErrors, toDraft, toSubscriptionValue, type SubscriptionDraft } from './subscription-draft.ts';
import { SubscriptionGeneralForm } from './subscription-general-form.tsx';
import { SUBSCRIPTION_MANAGER_PATH, subscriptionEditorPath, type SubscriptionEditorMode } from './subscription-paths.ts';
import { SubscriptionResources } from './subscription-resources.tsx';

export const DELETE_SUBSCRIPTION_TEXT = 'You are about to delete this subscription. Do you want to continue?';

/** A failed delete: "Delete Failed" with the server's message and, when it refused, what still uses the rate card. */
export function deleteFailedNotice(error: unknown): Notice {
  const warnings = errorWarnings(error);
  return { kind: 'error', title: 'Delete Failed', text: errorMessage(error), ...(warnings.length > 0 ? { warnings, warningsIntro: null } : {}) };
}

/** The title of a failed save. */
export const SAVE_FAILED_TITLE = 'Save Failed';

/** The delete dialog of the editor. */
const DELETE_DIALOG: EditorDeleteDialog = { title: 'Delete Subscription', text: DELETE_SUBSCRIPTION_TEXT, failureNotice: deleteFailedNotice };

/** The rate-card editor: header, General and Resources tabs. Nothing typed is lost when a save fails. */
export function SubscriptionEditor({
  subscription,
  mode,
  onReload,
}: {
  subscription: SubscriptionDetail;
  mode: SubscriptionEditorMode;
  onReload: () => Promise<void>;
}) {
  const id = subscription._id;
  const [, navigate] = useLocation();
  const utils = api.useUtils();
  const drafts = useDraftEditor(toDraft(subscription), subscription.version, { saveFailedTitle: SAVE_FAILED_TITLE, record: { kind: 'subscription', id } });
  const { draft } = drafts;
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const saveSubscription = api.subscriptions.save.useMutation();
  const deleteSubscription = api.subscriptions.delete.useMutation();

  const { change: changeTo } = drafts;
  const change = useCallback(
    (patch: Partial<SubscriptionDraft>) => {
      changeTo((current) => changeDraft(current, patch));
      setFieldErrors((errors) => {
        const cleared = { ...errors };
        for (const field of Object.keys(patch)) delete cleared[field];
        // A new gross or rate recalculates GST and nett, so what was said about them no longer holds.
        if ('grossAmount' in patch || 'gstRate' in patch) {
          delete cleared.gstAmount;
          delete cleared.netAmount;
        }
        return cleared;
      });
    },
    [changeTo],
  );

  const save = async () => {
    const checked = checkBeforeSave(drafts, id, { schema: subscriptionValueSchema, toValue: toSubscriptionValue, failedTitle: SAVE_FAILED_TITLE });
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    const { sent } = checked;
    try {
      // Shows what was stored (a trimmed title), unless something was typed while saving.
      const answer = await drafts.save(sent, (version) => saveSubscription.mutateAsync({ id, value: checked.value, version }), toDraft);
      utils.subscriptions.get.setData({ id }, (old) => (old ? { ...old, ...answer } : old));
      await Promise.all([utils.subscriptions.get.invalidate({ id }), utils.subscriptions.list.invalidate()]);
      toastSuccess('Subscription saved', undefined, savedToast(id));
    } catch (error) {
      // The editor shows why (someone else's save in its own panel, with the way to reload); a
      // field the server refused is marked beside it too.
      setFieldErrors(serverFieldErrors(error));
    }
  };

  const leaveDeleted = async () => {
    await utils.subscriptions.list.invalidate();
    toastSuccess('Delete successful');
    navigate(SUBSCRIPTION_MANAGER_PATH);
    // Marked stale once nothing shows it, so it is not asked for again meanwhile.
    void utils.subscriptions.get.invalidate({ id });
  };

  const { courses, lectures, exams, rankFiles } = subscription.attachedResources;
  const resourceCount = courses.length + lectures.length + exams.length + rankFiles.length;
  const tab = (tabMode: SubscriptionEditorMode, label: string) => ({ href: subscriptionEditorPath(id, tabMode), label, current: mode === tabMode });

  return (
    <EditorShell
      drafts={drafts}
      history={{ resourceType: 'subscription', resourceId: id }}
      documentTitle={draft.title || 'Subscription'}
      header={{
        title: draft.title,
        titleLabel: 'Subscription title',
        onTitleChange: (title) => change({ title }),
        status: subscription.isFree ? { text: 'Free', variant: 'success' } : { text: 'Paid', variant: 'secondary' },
        saving: saveSubscription.isPending,
        onSave: () => void save(),
        backHref: SUBSCRIPTION_MANAGER_PATH,
      }}
      belowHeader={
        fieldErrors.title && (
          <p role="alert" className="-mt-2 px-1 text-xs font-medium text-destructive">
            {fieldErrors.title}
          </p>
        )
      }
      onReload={onReload}
      leave={{ inside: within(`${SUBSCRIPTION_MANAGER_PATH}/editor/${encodeURIComponent(id)}`), thing: 'rate card' }}
      remove={{ ...DELETE_DIALOG, onDelete: () => deleteSubscription.mutateAsync({ id }), onDeleted: leaveDeleted }}
    >
      <EditorTabs label="Subscription editor" tabs={[tab('general', 'General'), tab('resources', `Resources (${resourceCount})`)]} />
      {mode === 'general' ? (
        <SubscriptionGeneralForm draft={draft} errors={fieldErrors} onChange={change} />
      ) : (
        <SubscriptionResources resources={subscription.attachedResources} />
      )}
    </EditorShell>
  );
}
SubscriptionEditor.displayName = 'SubscriptionEditor';
