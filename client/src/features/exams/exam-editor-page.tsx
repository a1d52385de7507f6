import { EditorLoader } from '../../components/editor-loader.tsx';
import { api } from '../../lib/trpc.ts';
import { ExamEditor } from './exam-editor.tsx';
import { EXAM_MANAGER_PATH, type ExamEditorMode } from './exam-paths.ts';

/** /admin/exams/editor/{examId}/{mode}: loads the exam, then shows its editor. */
export function ExamEditorPage({ id, mode }: { id: string; mode: ExamEditorMode }) {
  const exam = api.exams.get.useQuery({ id });
  // A new key starts a fresh draft when another exam is opened; switching tabs keeps it.
  return (
    <EditorLoader query={exam} backHref={EXAM_MANAGER_PATH} backLabel="All exams">
      {(loaded, reload) => <ExamEditor key={id} exam={loaded} mode={mode} onReload={reload} />}
    </EditorLoader>
  );
}
ExamEditorPage.displayName = 'ExamEditorPage';
