import { useCallback, useState } from 'react';
import { useSearch } from 'wouter';
import type { Lecture } from '../../../../shared/lectures/lectures.schema.ts';
import { lectureValueSchema, youtubeIdSchema } from '../../../../shared/lectures/lectures.schema.ts';
import { EditorShell, type EditorDeleteDialog } from '../../components/editor-shell/editor-shell.tsx';
import { EditorTabs } from '../../components/editor-shell/editor-tabs.tsx';
import { deleteFailureNotice, publishHeader } from '../../components/editor-shell/editor-notices.ts';
import { useLeaveDeleted } from '../../components/editor-shell/use-leave-deleted.ts';
import type { Notice } from '../../components/notice-modal.tsx';
import { within } from '../../components/leave-guard.tsx';
import { dismissToast, savedToast, toastSuccess } from '../../components/toasts.ts';
import { validateForm, type FieldErrors } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { useDraftEditor } from '../../lib/use-draft-editor.ts';
import { cn } from '../../lib/utils.ts';
import { isEmbedded } from '../admin/admin-layout.tsx';
import { AttachedCoursesCard, ExamsCard, LecturerCard, VisibilityCard } from './lecture-cards.tsx';
import { toDraft, toLectureValue, type LectureDraft, type LectureEditorApi } from './lecture-draft.ts';
import { LECTURE_CATALOGUE_PATH, lectureEditorPath, type LectureEditorMode } from './lecture-paths.ts';
import { SendNotificationButton } from '../notifications/send-notification-button.tsx';
import { DiscussionsTab } from '../comments/discussions-tab.tsx';
import { CollectionCard } from './collection-card.tsx';
import { NotesCard } from './notes-card.tsx';
import { VideoSettingsCard } from './video-settings-card.tsx';

export const DELETE_LECTURE_TEXT = 'You are about to delete this lecture. Do you want to continue?';

/** The title of a failed save. */
export const SAVE_FAILED_TITLE = 'Update subject failed';

/** A failed delete: the warnings of a has-warnings answer, else the message or the connection hint. */
export function deleteFailedNotice(error: unknown): Notice {
  return deleteFailureNotice('Delete Failed', error);
}

/** The checks the server makes, made first so that the field says what is wrong. */
function checkDraft(draft: LectureDraft): FieldErrors {
  const result = validateForm(lectureValueSchema, toLectureValue(draft));
  return result.ok ? {} : result.errors;
}

function youtubeError(value: string): string | undefined {
  const result = youtubeIdSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The delete dialog of the editor. */
const DELETE_DIALOG: EditorDeleteDialog = { title: 'Delete Lecture', text: DELETE_LECTURE_TEXT, failureNotice: deleteFailedNotice };

/** The lecture editor's General tab with its header. Nothing typed is lost when a save fails. */
export function LectureEditor({ lecture, onReload, mode = 'general' }: { lecture: Lecture; onReload: () => Promise<void>; mode?: LectureEditorMode }) {
  const id = lecture._id;
  const embedded = isEmbedded(useSearch());
  const utils = api.useUtils();
  const drafts = useDraftEditor(toDraft(lecture), lecture.version, { saveFailedTitle: SAVE_FAILED_TITLE, record: { kind: 'lecture', id } });
  const { draft, change, save: saveWithVersion } = drafts;
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const saveLecture = api.lectures.save.useMutation();
  const deleteLecture = api.lectures.delete.useMutation();
  const leaveDeleted = useLeaveDeleted(LECTURE_CATALOGUE_PATH, 'Lecture deleted', () => utils.lectures.list.invalidate());

  const saveDraft = useCallback(
    async (next: LectureDraft) => {
      const errors = checkDraft(next);
      setFieldErrors(errors);
      dismissToast(savedToast(id));
      const first = Object.values(errors).find(Boolean);
      if (first) throw new Error(first);
      const answer = await saveWithVersion(next, (version) => saveLecture.mutateAsync({ id, value: toLectureValue(next), version }));
      utils.lectures.get.setData({ id }, (old) =>
        old ? { ...old, ...answer, title: next.title.trim(), isVisible: next.isVisible, videoResourceId: next.videoResourceId } : old,
      );
      await Promise.all([utils.lectures.get.invalidate({ id }), utils.lectures.list.invalidate()]);
    },
    [id, saveLecture, saveWithVersion, utils],
  );

  // Someone else's save is told in its own panel, with the way to reload.
  const { showSaveFailure } = drafts;

  const editor: LectureEditorApi = {
    current: drafts.current,
    change,
    saveDraft,
    showSaveFailure,
  };

  // When the video becomes playable, finishes or fails, the server decides the publish state again.
  const videoSettled = useCallback(() => {
    void utils.lectures.get.invalidate({ id });
    // The server updates the lecture just after the file: ask once more a moment later.
    setTimeout(() => void utils.lectures.get.invalidate({ id }), 2000);
  }, [id, utils]);

  const save = () => {
    void saveDraft(draft)
      .then(() => toastSuccess('Lecture saved', undefined, savedToast(id)))
      .catch(showSaveFailure);
  };

  return (
    <EditorShell
      drafts={drafts}
      history={{ resourceType: 'lecture', resourceId: id }}
      documentTitle={draft.title || 'Lecture'}
      embedded={embedded}
      header={{
        title: draft.title,
        titleLabel: 'Lecture title',
        onTitleChange: (title) => change({ title }),
        ...publishHeader(lecture, 'Lecture Offline!'),
        saving: saveLecture.isPending,
        onSave: save,
        backHref: LECTURE_CATALOGUE_PATH,
        isVisible: draft.isVisible,
        actions: (
          <SendNotificationButton
            resource={{ resourceType: 'lecture', resourceID: id, clickAction: 'open_lecture', title: draft.title, lectureId: id }}
            hasChanges={drafts.hasChanges}
          />
        ),
      }}
      onReload={onReload}
      leave={{ inside: within(`/admin/videos/lectures/${encodeURIComponent(id)}`), thing: 'lecture' }}
      remove={{ ...DELETE_DIALOG, onDelete: () => deleteLecture.mutateAsync({ id }), onDeleted: leaveDeleted }}
    >
      <EditorTabs
        label="Lecture editor"
        tabs={(['general', 'discussions'] as const).map((tab) => ({
          href: lectureEditorPath(id, { mode: tab, embedded }),
          label: tab === 'general' ? 'General' : 'Discussions',
          current: mode === tab,
        }))}
      />
      {mode === 'discussions' && <DiscussionsTab lectureId={id} />}
      <div className={cn('grid gap-4 lg:grid-cols-3', mode === 'discussions' && 'hidden')}>
        <div className="grid content-start gap-4 lg:col-span-2">
          <VideoSettingsCard
            editor={editor}
            draft={draft}
            youtubeError={fieldErrors.youtubeLink ?? drafts.refusedFields.youtubeLink}
            onYoutubeChange={(youtubeLink) => {
              change({ youtubeLink });
              setFieldErrors((errors) => ({ ...errors, youtubeLink: youtubeError(youtubeLink) }));
            }}
            onVideoSettled={videoSettled}
          />
          <NotesCard editor={editor} lectureResId={lecture.resId} notes={draft.notes} />
        </div>
        <div className="grid content-start gap-4">
          <VisibilityCard isVisible={draft.isVisible} masterSubscription={draft.masterSubscription} onChange={change} />
          <LecturerCard
            lecturerId={draft.lecturerId}
            lecturerName={draft.lecturerName}
            error={fieldErrors.lecturerName ?? fieldErrors.lecturerId ?? drafts.refusedFields.lecturerName ?? drafts.refusedFields.lecturerId}
            onChange={change}
          />
          <ExamsCard exams={draft.exams} onChange={(exams) => change({ exams })} />
          <AttachedCoursesCard lectureId={id} />
          <CollectionCard lectureId={id} inCollection={lecture.inCustomCollection} />
        </div>
      </div>
    </EditorShell>
  );
}
LectureEditor.displayName = 'LectureEditor';
