import { useCallback, useState } from 'react';
import { useSearch } from 'wouter';
import { CalendarDays } from 'lucide-react';
import { NO_LECTURE_CHANGES, trackLectureAdded, trackLectureRemoved, type LectureChanges } from '../../../../shared/courses/course-editor.rules.ts';
import { courseValueSchema, type Course, type SavedCourse } from '../../../../shared/courses/courses.schema.ts';
import { checkBeforeSave } from '../../components/editor-shell/check-before-save.ts';
import { EditorShell, type EditorDeleteDialog } from '../../components/editor-shell/editor-shell.tsx';
import { EditorTabs } from '../../components/editor-shell/editor-tabs.tsx';
import { publishHeader } from '../../components/editor-shell/editor-notices.ts';
import { useLeaveDeleted } from '../../components/editor-shell/use-leave-deleted.ts';
import { failureNotice } from '../../components/error-alert.tsx';
import { within } from '../../components/leave-guard.tsx';
import { savedToast, toastError, toastSuccess } from '../../components/toasts.ts';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/trpc.ts';
import { useDraftEditor } from '../../lib/use-draft-editor.ts';
import { isEmbedded } from '../admin/admin-layout.tsx';
import { SendNotificationButton } from '../notifications/send-notification-button.tsx';
import { CourseExamsTab } from './course-exams-tab.tsx';
import { CourseGeneralTab } from './course-general-tab.tsx';
import { toCourseValue, toDraft, type CourseDraft } from '../../../../shared/courses/course-draft.ts';
import { sameCourseDraft, type CourseEditorApi } from './course-draft.ts';
import { COURSE_MANAGER_PATH, courseEditorPath, type CourseEditorMode } from './course-paths.ts';
import { CourseScheduleDialog } from './course-schedule-dialog.tsx';
import { CourseStudyPlanTab } from './course-study-plan-tab.tsx';
import { CourseSubjectsTab } from './course-subjects-tab.tsx';

export const DELETE_COURSE_TEXT = 'You are about to delete this course. Do you want to continue?';
/** A short pause before the course is deleted. */
export const DELETE_COURSE_DELAY_MS = 400;
export const SAVE_FAILED_TITLE = 'Update subject failed';

const TABS: ReadonlyArray<{ mode: CourseEditorMode; label: string }> = [
  { mode: 'general', label: 'General' },
  { mode: 'subjects', label: 'Subjects' },
  { mode: 'rankfiles', label: 'Exams' },
  { mode: 'study-plan', label: 'Study Plan' },
];

/** The delete dialog of the editor. */
const DELETE_DIALOG: EditorDeleteDialog = {
  title: 'Delete Course',
  text: DELETE_COURSE_TEXT,
  pauseMs: DELETE_COURSE_DELAY_MS,
  describeError: (error: unknown) => failureNotice('Delete Failed', error),
};

/** The course editor: header, the four tabs and the draft they share. Nothing typed is lost when a save fails. */
export function CourseEditor({ course, mode, onReload }: { course: Course; mode: CourseEditorMode; onReload: () => Promise<void> }) {
  const id = course._id;
  const embedded = isEmbedded(useSearch());
  const utils = api.useUtils();
  const drafts = useDraftEditor(toDraft(course), course.version, { same: sameCourseDraft, saveFailedTitle: SAVE_FAILED_TITLE, record: { kind: 'course', id } });
  const { draft, change } = drafts;
  const [lectureChanges, setLectureChanges] = useState<LectureChanges>(NO_LECTURE_CHANGES);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const saveCourse = api.courses.save.useMutation();
  const attachLectures = api.courses.attachLectures.useMutation();
  const deleteCourse = api.courses.delete.useMutation();
  const leaveDeleted = useLeaveDeleted(COURSE_MANAGER_PATH, 'Course deleted', () => utils.courses.list.invalidate());

  const editor: CourseEditorApi = {
    draft,
    change,
    lectureAdded: useCallback((lectureId: string) => setLectureChanges((current) => trackLectureAdded(current, lectureId)), []),
    lectureRemoved: useCallback((lectureId: string) => setLectureChanges((current) => trackLectureRemoved(current, lectureId)), []),
  };

  const save = async () => {
    const checked = checkBeforeSave(drafts, id, { schema: courseValueSchema, toValue: toCourseValue, failedTitle: SAVE_FAILED_TITLE });
    if (!checked.ok) return;
    const { sent } = checked;
    try {
      // Subjects added in this save get their ids, so that the next save updates them instead of adding them again.
      const withIds = (answer: SavedCourse) => {
        const idByKey = new Map(sent.subjects.map((subject, index) => [subject.key, answer.subjectIds[index]]));
        return (current: CourseDraft): CourseDraft => ({
          ...current,
          subjects: current.subjects.map((subject) => (subject._id ? subject : { ...subject, _id: idByKey.get(subject.key) })),
        });
      };
      const answer = await drafts.save(
        sent,
        (version) => saveCourse.mutateAsync({ id, value: checked.value, version }),
        (saved) => withIds(saved)(sent),
      );
      change(withIds(answer));
      const { subjectIds: _subjectIds, ...state } = answer;
      utils.courses.get.setData({ id }, (old) => (old ? { ...old, ...state } : old));
      toastSuccess('Course saved', undefined, savedToast(id));
    } catch {
      // The editor shows why (someone else's save in its own panel, with the way to reload).
      return;
    }
    // The lectures added and removed since the last save, then cleared.
    const changes = lectureChanges;
    setLectureChanges(NO_LECTURE_CHANGES);
    if (changes.addedLectureIds.length > 0 || changes.removedLectureIds.length > 0) {
      await attachLectures.mutateAsync({ courseId: id, ...changes }).catch((error: unknown) => toastError('Attached courses not updated', error));
    }
    await Promise.all([utils.courses.get.invalidate({ id }), utils.courses.list.invalidate()]);
  };

  return (
    <EditorShell
      drafts={drafts}
      history={{ resourceType: 'course', resourceId: id }}
      documentTitle={draft.title || 'Course'}
      embedded={embedded}
      header={{
        title: draft.title,
        titleLabel: 'Course title',
        onTitleChange: (title) => change({ title }),
        ...publishHeader(course, 'Course Offline!'),
        saving: saveCourse.isPending,
        onSave: () => void save(),
        backHref: COURSE_MANAGER_PATH,
        actions: (
          <>
            <Button variant="outline" onClick={() => setScheduleOpen(true)}>
              <CalendarDays aria-hidden="true" />
              Schedule
            </Button>
            <SendNotificationButton
              resource={{ resourceType: 'course', resourceID: id, clickAction: 'open_course', title: draft.title }}
              hasChanges={drafts.hasChanges}
            />
          </>
        ),
      }}
      onReload={onReload}
      leave={{ inside: within(`${COURSE_MANAGER_PATH}/editor/${encodeURIComponent(id)}`), thing: 'course' }}
      remove={{ ...DELETE_DIALOG, onDelete: () => deleteCourse.mutateAsync({ id }), onDeleted: leaveDeleted }}
    >
      <EditorTabs
        label="Course editor"
        wrap
        tabs={TABS.map((tab) => ({ href: courseEditorPath(id, { mode: tab.mode, embedded }), label: tab.label, current: tab.mode === mode }))}
      />
      {mode === 'general' && <CourseGeneralTab editor={editor} course={course} />}
      {mode === 'subjects' && <CourseSubjectsTab editor={editor} />}
      {mode === 'rankfiles' && <CourseExamsTab editor={editor} />}
      {mode === 'study-plan' && <CourseStudyPlanTab editor={editor} />}
      <CourseScheduleDialog open={scheduleOpen} onOpenChange={setScheduleOpen} draft={draft} />
    </EditorShell>
  );
}
CourseEditor.displayName = 'CourseEditor';
