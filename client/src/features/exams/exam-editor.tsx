import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Megaphone } from 'lucide-react';
import type { Exam, SavedExam } from '../../../../shared/exams/exams.schema.ts';
import { DeleteConfirmModal } from '../../components/delete-confirm-modal.tsx';
import { EditorHeader } from '../../components/editor-header.tsx';
import { failureNotice } from '../../components/error-alert.tsx';
import { LeaveGuard, within } from '../../components/leave-guard.tsx';
import { SaveFailureAlert } from '../../components/save-failure-alert.tsx';
import { StaleSaveAlert } from '../../components/stale-save-alert.tsx';
import { dismissToast, savedToast, toastSuccess } from '../../components/toasts.ts';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
import type { FieldErrors } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { useDraftEditor } from '../../lib/use-draft-editor.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { SendNotificationButton } from '../notifications/send-notification-button.tsx';
import { cn } from '../../lib/utils.ts';
import { isEmbedded } from '../admin/admin-layout.tsx';
import { checkDraft, sameDraft, toDraft, toExamValue, type ExamDraft } from './exam-draft.ts';
import { ExamGeneralTab } from './exam-general-tab.tsx';
import { EXAM_TYPE_LABELS, examStatus, TEMPLATE_LABELS } from './exam-labels.ts';
import { EXAM_MANAGER_PATH, examEditorPath, type ExamEditorMode } from './exam-paths.ts';
import { ExamQuestionsTab } from './exam-questions-tab.tsx';

/** The charts (and their library) are fetched when the Analytics tab is first opened. */
const ExamAnalyticsTab = lazy(() => import('./exam-analytics-tab.tsx').then((m) => ({ default: m.ExamAnalyticsTab })));

export const DELETE_EXAM_TEXT = 'You are about to delete this exam. Do you want to continue?';
/** A short pause before the exam is deleted. */
export const DELETE_EXAM_DELAY_MS = 400;
export const SAVE_FAILED_TITLE = 'Saving the exam failed';

const TABS: ReadonlyArray<{ mode: ExamEditorMode; label: string }> = [
  { mode: 'general', label: 'General' },
  { mode: 'questions', label: 'Questions' },
  { mode: 'analytics', label: 'Analytics' },
];

/** The server's publish state after a save, merged into the loaded exam. */
export function withSavedState(exam: Exam, saved: SavedExam, draft: ExamDraft): Exam {
  return { ...exam, ...saved, title: draft.title.trim(), isVisible: draft.isVisible, examType: draft.examType };
}

/** "Publish Message!": a ready exam waiting for its publish time (a message and no warnings). */
function PublishMessage({ exam }: { exam: Exam }) {
  if (!exam.hasPublishMessage || exam.publishWarnings.length > 0 || exam.isPublished) return null;
  return (
    <Alert variant="warning">
      <Megaphone aria-hidden="true" />
      <AlertTitle>Publish Message!</AlertTitle>
      <AlertDescription>{exam.publishMessage}</AlertDescription>
    </Alert>
  );
}

/** The exam editor: header, the three tabs and the draft they share. Nothing typed is lost when a save fails. */
export function ExamEditor({ exam, mode, onReload }: { exam: Exam; mode: ExamEditorMode; onReload: () => Promise<void> }) {
  const id = exam._id;
  const embedded = isEmbedded(useSearch());
  const [, navigate] = useLocation();
  const utils = api.useUtils();
  const editor = useDraftEditor(toDraft(exam), exam.version, { same: sameDraft, saveFailedTitle: SAVE_FAILED_TITLE, record: { kind: 'exam', id } });
  const { draft, change } = editor;
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [uploads, setUploads] = useState(0);
  const saveExam = api.exams.save.useMutation();
  const deleteExam = api.exams.delete.useMutation();
  useDocumentTitle(draft.title || 'Exam');

  const update = useCallback((next: (current: ExamDraft) => ExamDraft) => change(next), [change]);
  const patch = useCallback((values: Partial<ExamDraft>) => change(values), [change]);
  const onUploadBusyChange = useCallback((busy: boolean) => setUploads((count) => Math.max(0, count + (busy ? 1 : -1))), []);
  const hasChanges = editor.hasChanges;

  const save = async () => {
    const snapshot = editor.current();
    const problems = checkDraft(snapshot);
    setFieldErrors(problems.fields);
    dismissToast(savedToast(id));
    if (problems.messages.length > 0) {
      editor.showSaveFailure({ title: SAVE_FAILED_TITLE, message: 'Please correct these and save again:', warnings: problems.messages });
      return;
    }
    try {
      const answer = await editor.save(snapshot, (version) => saveExam.mutateAsync({ id, value: toExamValue(snapshot), version }));
      utils.exams.get.setData({ id }, (old) => (old ? withSavedState(old, answer, snapshot) : old));
      toastSuccess('Exam saved', undefined, savedToast(id));
      await utils.exams.invalidate();
    } catch (error) {
      // A failed save is logged; the editor says why and keeps every change.
      console.error('Saving the exam failed', error);
    }
  };

  const leaveDeleted = async () => {
    toastSuccess('Exam deleted');
    navigate(EXAM_MANAGER_PATH);
    await utils.exams.list.invalidate();
  };

  const tabClass = 'border-b-2 px-3 py-2 text-sm font-medium';

  return (
    <div className="mx-auto grid max-w-6xl gap-4">
      <EditorHeader
        title={draft.title}
        titleLabel="Exam title"
        onTitleChange={(title) => patch({ title })}
        status={examStatus(exam)}
        hasChanges={hasChanges && uploads === 0}
        saving={saveExam.isPending}
        onSave={() => void save()}
        onDelete={() => setDeleteOpen(true)}
        deleteLabel="Delete"
        hideDelete={embedded}
        backHref={EXAM_MANAGER_PATH}
        hideBack={embedded}
        isVisible={exam.isVisible}
        warnings={exam.publishWarnings}
        offlineTitle="Exam Offline!"
        actions={
          <>
            <Badge variant="info" title={`Template: ${TEMPLATE_LABELS[exam.templateId]}`}>
              {EXAM_TYPE_LABELS[draft.examType]}
            </Badge>
            <SendNotificationButton resource={{ resourceType: 'exam', resourceID: id, clickAction: 'open_exam', title: draft.title }} hasChanges={hasChanges} />
          </>
        }
      />
      <StaleSaveAlert staleSave={editor.staleSave} onReload={() => void onReload()} onDismiss={editor.dismissStaleSave} />
      <PublishMessage exam={exam} />
      <SaveFailureAlert failure={editor.saveFailure} onDismiss={editor.dismissSaveFailure} />
      <nav aria-label="Exam editor" className="flex gap-1 border-b">
        {TABS.map((tab) => (
          <Link
            key={tab.mode}
            href={examEditorPath(id, { mode: tab.mode, embedded })}
            aria-current={tab.mode === mode ? 'page' : undefined}
            className={cn(tabClass, tab.mode === mode ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground')}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {mode === 'general' && <ExamGeneralTab draft={draft} onChange={patch} errors={fieldErrors} />}
      {mode === 'questions' && <ExamQuestionsTab draft={draft} update={update} onUploadBusyChange={onUploadBusyChange} />}
      {mode === 'analytics' && (
        <Suspense fallback={<LoadingPanel label="Loading" className="min-h-64" />}>
          <ExamAnalyticsTab exam={exam} />
        </Suspense>
      )}
      <LeaveGuard when={hasChanges} inside={within(`${EXAM_MANAGER_PATH}/editor/${encodeURIComponent(id)}`)} thing="exam" />
      <DeleteConfirmModal
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title="Delete Exam"
        text={DELETE_EXAM_TEXT}
        pauseMs={DELETE_EXAM_DELAY_MS}
        onDelete={() => deleteExam.mutateAsync({ id })}
        describeError={(error) => failureNotice('Delete Exam failed', error)}
        onDeleted={leaveDeleted}
      />
    </div>
  );
}
ExamEditor.displayName = 'ExamEditor';
