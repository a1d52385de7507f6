import { EditorLoader } from '../../components/editor-loader.tsx';
import { api } from '../../lib/trpc.ts';
import { CourseEditor } from './course-editor.tsx';
import { COURSE_MANAGER_PATH, courseEditorModeOf } from './course-paths.ts';

/** /admin/courses/editor/{courseId}[/{mode}]: loads the course, then shows its editor. */
export function CourseEditorPage({ id, mode }: { id: string; mode: string | undefined }) {
  const course = api.courses.get.useQuery({ id });
  // A new key starts a fresh draft when another course is opened; switching tabs keeps it.
  return (
    <EditorLoader query={course} backHref={COURSE_MANAGER_PATH} backLabel="All courses">
      {(loaded, reload) => <CourseEditor key={id} course={loaded} mode={courseEditorModeOf(mode)} onReload={reload} />}
    </EditorLoader>
  );
}
CourseEditorPage.displayName = 'CourseEditorPage';
