import { useSearch } from 'wouter';
import { rankFileValueSchema, type RankFile, type SavedRankFile } from '../../../../shared/rank-files/rank-files.schema.ts';
import { checkBeforeSave } from '../../components/editor-shell/check-before-save.ts';
import { EditorShell, type EditorDeleteDialog } from '../../components/editor-shell/editor-shell.tsx';
import { VisibilitySwitch } from '../../components/editor-shell/state-switch.tsx';
import { publishHeader } from '../../components/editor-shell/editor-notices.ts';
import { useLeaveDeleted } from '../../components/editor-shell/use-leave-deleted.ts';
import { failureNotice } from '../../components/error-alert.tsx';
import { BannerImageSlot } from '../../components/files/file-slot.tsx';
import { bindDraft } from '../../components/form/bind-draft.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { TextAreaField } from '../../components/form/text-area-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { within } from '../../components/leave-guard.tsx';
import { savedToast, toastSuccess } from '../../components/toasts.ts';
import { api } from '../../lib/trpc.ts';
import { useDraftEditor } from '../../lib/use-draft-editor.ts';
import { isEmbedded } from '../admin/admin-layout.tsx';
import { sameRankFileDraft, toDraft, toRankFileValue, type RankFileDraft } from './rank-file-draft.ts';
import { RateCardSelect } from '../subscriptions/rate-card-select.tsx';
import { SendNotificationButton } from '../notifications/send-notification-button.tsx';
import { RankFileGroupsCard } from './rank-file-groups-card.tsx';
import { RANK_FILE_MANAGER_PATH, rankFileEditorPath } from './rank-file-paths.ts';
import { RankFileRankingCard } from './rank-file-ranking-card.tsx';

export const DELETE_RANK_FILE_TEXT = 'You are about to delete this rank file. Do you want to continue?';
const SAVE_FAILED_TITLE = 'Update subject failed';

/** The delete dialog of the editor. */
const DELETE_DIALOG: EditorDeleteDialog = {
  title: 'Delete Rank File',
  text: DELETE_RANK_FILE_TEXT,
  describeError: (error: unknown) => failureNotice('Delete Failed', error),
};

/** The rank file editor: visibility and rate card, details, banner, exam groups and the ranking. */
export function RankFileEditor({ rankFile, onReload }: { rankFile: RankFile; onReload: () => Promise<void> }) {
  const id = rankFile._id;
  const embedded = isEmbedded(useSearch());
  const utils = api.useUtils();
  const drafts = useDraftEditor(toDraft(rankFile), rankFile.version, {
    same: sameRankFileDraft,
    saveFailedTitle: SAVE_FAILED_TITLE,
    record: { kind: 'rank file', id },
  });
  const { draft, change } = drafts;
  const bind = bindDraft(draft, change);
  const saveRankFile = api.rankFiles.save.useMutation();
  const deleteRankFile = api.rankFiles.delete.useMutation();
  const leaveDeleted = useLeaveDeleted(RANK_FILE_MANAGER_PATH, 'Rank file deleted', () => utils.rankFiles.list.invalidate());

  const save = async () => {
    const checked = checkBeforeSave(drafts, id, { schema: rankFileValueSchema, toValue: toRankFileValue, failedTitle: SAVE_FAILED_TITLE });
    if (!checked.ok) return;
    const { sent } = checked;
    // Groups added in this save get their ids, so that the next save keeps them.
    const withIds = (answer: SavedRankFile) => {
      const byKey = new Map(sent.groups.map((group, index) => [group.key, answer.groupResIds[index]]));
      return (current: RankFileDraft): RankFileDraft => ({
        ...current,
        groups: current.groups.map((group) => (group.resId ? group : { ...group, resId: byKey.get(group.key) })),
      });
    };
    try {
      const answer = await drafts.save(
        sent,
        (version) => saveRankFile.mutateAsync({ id, value: checked.value, version }),
        (saved) => withIds(saved)(sent),
      );
      change(withIds(answer));
      toastSuccess('Rank file saved', undefined, savedToast(id));
    } catch {
      return;
    }
    await Promise.all([utils.rankFiles.get.invalidate({ id }), utils.rankFiles.list.invalidate()]);
  };

  return (
    <EditorShell
      drafts={drafts}
      history={{ resourceType: 'rank-file', resourceId: id }}
      documentTitle={draft.title || 'Rank File'}
      embedded={embedded}
      header={{
        title: draft.title,
        titleLabel: 'Rank file title',
        onTitleChange: (title) => change({ title }),
        ...publishHeader(rankFile, 'Item Offline!'),
        saving: saveRankFile.isPending,
        onSave: () => void save(),
        backHref: RANK_FILE_MANAGER_PATH,
        actions: (
          <SendNotificationButton
            resource={{ resourceType: 'rankfile', resourceID: id, clickAction: 'open_rank_file', title: draft.title }}
            hasChanges={drafts.hasChanges}
          />
        ),
      }}
      onReload={onReload}
      leave={{ inside: within(rankFileEditorPath(id)), thing: 'rank file' }}
      remove={{ ...DELETE_DIALOG, onDelete: () => deleteRankFile.mutateAsync({ id }), onDeleted: leaveDeleted }}
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title="Visibility & Subscription">
          <VisibilitySwitch id="rank-file-visibility" thing="item" {...bind.toggle('isVisible')} />
          <RateCardSelect id="rank-file-rate-card" label="Rate card" {...bind.choice('masterSubscription')} />
        </SectionCard>
        <SectionCard title="Details">
          <TextAreaField id="rank-file-description" label="Description" rows={3} maxLength={20000} {...bind.text('description')} />
          <TextField id="rank-file-sort-index" label="Sort index" hint="Free text; 0 by default." maxLength={20} {...bind.text('sortIndex')} />
          <BannerImageSlot label="Banner image" saved={rankFile} assetId={draft.bannerImageId} onChange={(bannerImageId) => change({ bannerImageId })} />
        </SectionCard>
        <RankFileGroupsCard groups={draft.groups} change={(update) => change(update)} saveNow={() => void save()} />
        <RankFileRankingCard rankFile={rankFile} />
      </div>
    </EditorShell>
  );
}
RankFileEditor.displayName = 'RankFileEditor';
