import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Megaphone } from 'lucide-react';
import type { Exam, SavedExam } from '../../../../shared/exams/exams.schema.ts';
import { EditorShell, type ShellHeaderProps, type EditorDeleteDialog } from '../../components/editor-shell/editor-shell.tsx';
import { EditorTabs } from '../../components/editor-shell/editor-tabs.tsx';
import { failureNotice } from '../../components/error-alert.tsx';
import { within } from '../../components/leave-guard.tsx';
import { dismissToast, savedToast, toastSuccess } from '../../components/toasts.ts';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
import { regradeNeededOf } from '../../lib/errors.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { useDraftEditor } from '../../lib/use-draft-editor.ts';
import { SendNotificationButton } from '../notifications/send-notification-button.tsx';
import { isEmbedded } from '../admin/admin-layout.tsx';
import { checkDraft, toDraft, toExamValue, type ExamDraft } from './exam-draft.ts';
import { ExamGeneralTab } from './exam-general-tab.tsx';
import { EXAM_TYPE_LABELS, examStatus, TEMPLATE_LABELS } from './exam-labels.ts';
import { EXAM_MANAGER_PATH, examEditorPath, type ExamEditorMode } from './exam-paths.ts';
import { ExamQuestionsTab } from './exam-questions-tab.tsx';
import { ExamReportsTab } from './exam-reports-tab.tsx';
import { ReportCountsContext } from './key-report-counts.tsx';
import { RegradeDialog, type RegradeRequest } from './regrade-dialog.tsx';
import { resultsChanged } from './regrade-format.ts';
import { RegradeHistory } from './regrade-history.tsx';

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
  { mode: 'reports', label: 'Reports' },
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

/** The delete dialog of the editor. */
const DELETE_DIALOG: EditorDeleteDialog = {
  title: 'Delete Exam',
  text: DELETE_EXAM_TEXT,
  pauseMs: DELETE_EXAM_DELAY_MS,
  describeError: (error: unknown) => failureNotice('Delete Exam failed', error),
};

/** The exam editor: header, the four tabs and the draft they share. Nothing typed is lost when a save fails. */
export function ExamEditor({ exam, mode, onReload }: { exam: Exam; mode: ExamEditorMode; onReload: () => Promise<void> }) {
  const id = exam._id;
  const embedded = isEmbedded(useSearch());
  const [, navigate] = useLocation();
  const utils = api.useUtils();
  const initial = useMemo(() => toDraft(exam), [exam]);
  const editor = useDraftEditor(initial, exam.version, { saveFailedTitle: SAVE_FAILED_TITLE, record: { kind: 'exam', id } });
  const { draft, change } = editor;
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [uploads, setUploads] = useState(0);
  const saveExam = api.exams.save.useMutation();
  const deleteExam = api.exams.delete.useMutation();
  const reportCounts = api.exams.keyReportCounts.useQuery({ id }, { enabled: mode === 'questions' });
  const openReports = useMemo(() => new Map((reportCounts.data ?? []).map((row) => [row.questionResId, row.openCount])), [reportCounts.data]);
  const regradeExam = api.exams.regrade.useMutation();
  // A save refused because it re-marks submitted attempts, with the draft it sent: the Regrade dialog is open while set.
  const [regrade, setRegrade] = useState<(RegradeRequest & { sent: ExamDraft }) | null>(null);

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
    const value = toExamValue(snapshot);
    try {
      const answer = await editor.save(snapshot, (version) => saveExam.mutateAsync({ id, value, version }), undefined, { quiet: true });
      utils.exams.get.setData({ id }, (old) => (old ? withSavedState(old, answer, snapshot) : old));
      toastSuccess('Exam saved', undefined, savedToast(id));
      await utils.exams.invalidate();
    } catch (error) {
      // A save that re-marks submitted attempts is applied as a regrade, after its dry run.
      const needed = regradeNeededOf(error);
      if (needed) setRegrade({ value, version: editor.version(), attempts: needed.attempts, sent: snapshot });
      else {
        // A failed save is logged; the editor says why and keeps every change.
        console.error('Saving the exam failed', error);
        editor.showSaveFailure(error);
      }
    }
  };

  const applyRegrade = async (reason: string) => {
    if (!regrade) return;
    const { sent, value } = regrade;
    const answer = await editor.save(sent, (version) => regradeExam.mutateAsync({ id, value, version, reason }), undefined, { quiet: true });
    utils.exams.get.setData({ id }, (old) => (old ? withSavedState(old, answer, sent) : old));
    setRegrade(null);
    toastSuccess('Regrade applied', resultsChanged(answer.regrade.summary.changedAttempts), savedToast(id));
    await utils.exams.invalidate();
  };
  const closeRegrade = useCallback(() => setRegrade(null), []);

  // The header and the tabs are kept from render to render while a question is typed in (they show
  // nothing that changes with it), so that a key in a 2,000-question exam renders only that question.
  const latestSave = useRef(save);
  latestSave.current = save;
  const onSave = useCallback(() => void latestSave.current(), []);
  const onTitleChange = useCallback((title: string) => patch({ title }), [patch]);
  const saving = saveExam.isPending || regradeExam.isPending;
  const header = useMemo<ShellHeaderProps>(
    () => ({
      title: draft.title,
      titleLabel: 'Exam title',
      onTitleChange,
      status: examStatus(exam),
      hasChanges: hasChanges && uploads === 0,
      saving,
      onSave,
      deleteLabel: 'Delete',
      backHref: EXAM_MANAGER_PATH,
      isVisible: exam.isVisible,
      warnings: exam.publishWarnings,
      offlineTitle: 'Exam Offline!',
      actions: (
        <>
          <Badge variant="info" title={`Template: ${TEMPLATE_LABELS[exam.templateId]}`}>
            {EXAM_TYPE_LABELS[draft.examType]}
          </Badge>
          <SendNotificationButton resource={{ resourceType: 'exam', resourceID: id, clickAction: 'open_exam', title: draft.title }} hasChanges={hasChanges} />
        </>
      ),
    }),
    [draft.title, draft.examType, onTitleChange, exam, hasChanges, uploads, saving, onSave, id],
  );
  const tabs = useMemo(
    () => (
      <EditorTabs
        label="Exam editor"
        tabs={TABS.map((tab) => ({ href: examEditorPath(id, { mode: tab.mode, embedded }), label: tab.label, current: tab.mode === mode }))}
      />
    ),
    [id, mode, embedded],
  );

  const leaveDeleted = async () => {
    toastSuccess('Exam deleted');
    navigate(EXAM_MANAGER_PATH);
    await utils.exams.list.invalidate();
  };

  return (
    <EditorShell
      drafts={editor}
      history={{ resourceType: 'exam', resourceId: id }}
      documentTitle={draft.title || 'Exam'}
      embedded={embedded}
      header={header}
      belowStaleSave={<PublishMessage exam={exam} />}
      onReload={onReload}
      leave={{ inside: within(`${EXAM_MANAGER_PATH}/editor/${encodeURIComponent(id)}`), thing: 'exam' }}
      remove={{ ...DELETE_DIALOG, onDelete: () => deleteExam.mutateAsync({ id }), onDeleted: leaveDeleted }}
    >
      {tabs}
      {mode === 'general' && <ExamGeneralTab draft={draft} onChange={patch} errors={fieldErrors} />}
      {mode === 'questions' && (
        <ReportCountsContext.Provider value={openReports}>
          <ExamQuestionsTab draft={draft} update={update} onUploadBusyChange={onUploadBusyChange} />
        </ReportCountsContext.Provider>
      )}
      {mode === 'analytics' && (
        <Suspense fallback={<LoadingPanel label="Loading" className="min-h-64" />}>
          <ExamAnalyticsTab exam={exam} />
        </Suspense>
      )}
      {mode === 'reports' && <ExamReportsTab exam={exam} embedded={embedded} />}
      {mode === 'analytics' && <RegradeHistory examId={id} />}
      <RegradeDialog examId={id} request={regrade} onClose={closeRegrade} onApply={applyRegrade} />
    </EditorShell>
  );
}
ExamEditor.displayName = 'ExamEditor';
