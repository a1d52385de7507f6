import { NotFoundContent } from '../not-found/not-found-page.tsx';
import { ExamEditorPage } from './exam-editor-page.tsx';
import { isTemplateId } from './exam-labels.ts';
import { ExamManagerPage } from './exam-manager-page.tsx';
import { isExamEditorMode } from './exam-paths.ts';

/** /admin/exams/{templateId?}: every exam, or one template's; an unknown template is not found. */
export function ExamManagerRoute({ templateId }: { templateId?: string | undefined }) {
  if (templateId === undefined) return <ExamManagerPage />;
  if (!isTemplateId(templateId)) return <NotFoundContent />;
  return <ExamManagerPage key={templateId} templateId={templateId} />;
}
ExamManagerRoute.displayName = 'ExamManagerRoute';

/**
 * /admin/exams/editor/{examId}/{general|questions|analytics}; general when the mode is absent.
 * One route serves every tab, so that switching tabs keeps the unsaved draft.
 */
export function ExamEditorRoute({ id, mode }: { id: string; mode?: string | undefined }) {
  const editorMode = mode ?? 'general';
  if (!isExamEditorMode(editorMode)) return <NotFoundContent />;
  return <ExamEditorPage id={id} mode={editorMode} />;
}
ExamEditorRoute.displayName = 'ExamEditorRoute';
