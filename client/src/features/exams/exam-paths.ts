import type { TemplateId } from '../../../../shared/exams/exam.constants.ts';

export const EXAM_MANAGER_PATH = '/admin/exams';

export const EXAM_EDITOR_MODES = ['general', 'questions', 'analytics', 'reports'] as const;
export type ExamEditorMode = (typeof EXAM_EDITOR_MODES)[number];

export function isExamEditorMode(value: string): value is ExamEditorMode {
  return (EXAM_EDITOR_MODES as readonly string[]).includes(value);
}

/** /admin/exams, or /admin/exams/{templateId} for one template's exams. */
export function examManagerPath(templateId?: TemplateId): string {
  return templateId ? `${EXAM_MANAGER_PATH}/${templateId}` : EXAM_MANAGER_PATH;
}

/** The search parameter naming the question the Questions tab opens and brings into view. */
export const QUESTION_PARAM = 'question';

/**
 * /admin/exams/editor/{examId}/{mode}, keeping type=v1 when the editor is embedded, and naming the
 * question to open (`question`) when asked.
 */
export function examEditorPath(id: string, options: { mode?: ExamEditorMode; embedded?: boolean; question?: string } = {}): string {
  const path = `${EXAM_MANAGER_PATH}/editor/${encodeURIComponent(id)}/${options.mode ?? 'general'}`;
  const search = new URLSearchParams();
  if (options.embedded) search.set('type', 'v1');
  if (options.question) search.set(QUESTION_PARAM, options.question);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
