import { winnerValueSchema, type Winner } from '../../../../shared/winners/winners.schema.ts';
import { checkBeforeSave } from '../../components/editor-shell/check-before-save.ts';
import { EditorShell, type EditorDeleteDialog } from '../../components/editor-shell/editor-shell.tsx';
import { publishHeader } from '../../components/editor-shell/editor-notices.ts';
import { useLeaveDeleted } from '../../components/editor-shell/use-leave-deleted.ts';
import { failureNotice } from '../../components/error-alert.tsx';
import { within } from '../../components/leave-guard.tsx';
import { savedToast, toastSuccess } from '../../components/toasts.ts';
import { api } from '../../lib/trpc.ts';
import { useDraftEditor } from '../../lib/use-draft-editor.ts';
import { SendNotificationButton } from '../notifications/send-notification-button.tsx';
import { toDraft, toWinnerValue } from './winner-draft.ts';
import { WinnerCards } from './winner-cards.tsx';
import { WINNER_MANAGER_PATH, winnerEditorPath } from './winner-paths.ts';

export const DELETE_WINNER_TEXT = 'You are about to delete this item. Do you want to continue?';
const SAVE_FAILED_TITLE = 'Update subject failed';

/** The delete dialog of the editor. */
const DELETE_DIALOG: EditorDeleteDialog = {
  title: 'Delete Announcement',
  text: DELETE_WINNER_TEXT,
  describeError: (error: unknown) => failureNotice('Delete Warnings', error),
};

/** The winner announcement editor: the student, settings, prize, photo and where the prize goes. */
export function WinnerEditor({ winner, onReload }: { winner: Winner; onReload: () => Promise<void> }) {
  const id = winner._id;
  const utils = api.useUtils();
  const drafts = useDraftEditor(toDraft(winner), winner.version, { saveFailedTitle: SAVE_FAILED_TITLE, record: { kind: 'winner announcement', id } });
  const { draft, change } = drafts;
  const saveWinner = api.winners.save.useMutation();
  const deleteWinner = api.winners.delete.useMutation();
  const leaveDeleted = useLeaveDeleted(WINNER_MANAGER_PATH, 'Announcement deleted', () => utils.winners.list.invalidate());

  const save = async () => {
    const checked = checkBeforeSave(drafts, id, { schema: winnerValueSchema, toValue: toWinnerValue, failedTitle: SAVE_FAILED_TITLE });
    if (!checked.ok) return;
    const { sent } = checked;
    try {
      await drafts.save(
        sent,
        (version) => saveWinner.mutateAsync({ id, value: checked.value, version }),
        () => sent,
      );
      toastSuccess('Announcement saved', undefined, savedToast(id));
    } catch {
      return;
    }
    await Promise.all([utils.winners.get.invalidate({ id }), utils.winners.list.invalidate()]);
  };

  return (
    <EditorShell
      drafts={drafts}
      history={{ resourceType: 'winner', resourceId: id }}
      documentTitle={draft.winnerName || 'Winner Announcement'}
      header={{
        title: draft.winnerName,
        titleLabel: 'Winner name',
        onTitleChange: (winnerName) => change({ winnerName }),
        ...publishHeader(winner, 'Item Offline!', 'Not Published'),
        saving: saveWinner.isPending,
        onSave: () => void save(),
        backHref: WINNER_MANAGER_PATH,
        actions: (
          <SendNotificationButton
            resource={{
              resourceType: 'winner_announcement',
              resourceID: id,
              clickAction: 'open_winner_announcement',
              title: draft.titleMessage || draft.winnerName,
              imageUrl: winner.photoUrl,
            }}
            hasChanges={drafts.hasChanges}
          />
        ),
      }}
      onReload={onReload}
      leave={{ inside: within(winnerEditorPath(id)), thing: 'announcement' }}
      remove={{ ...DELETE_DIALOG, onDelete: () => deleteWinner.mutateAsync({ id }), onDeleted: leaveDeleted }}
    >
      <WinnerCards winner={winner} draft={draft} change={change} />
    </EditorShell>
  );
}
WinnerEditor.displayName = 'WinnerEditor';
