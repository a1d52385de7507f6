import type { TemplateId } from '../../../../shared/exams/exam.constants.ts';

export const EXAM_MANAGER_PATH = '/admin/exams';

export const EXAM_EDITOR_MODES = ['general', 'questions', 'analytics'] as const;
export type ExamEditorMode = (typeof EXAM_EDITOR_MODES)[number];

export function isExamEditorMode(value: string): value is ExamEditorMode {
  return (EXAM_EDITOR_MODES as readonly string[]).includes(value);
}

/** /admin/exams, or /admin/exams/{templateId} for one template's exams. */
export function examManagerPath(templateId?: TemplateId): string {
  return templateId ? `${EXAM_MANAGER_PATH}/${templateId}` : EXAM_MANAGER_PATH;
}

/** /admin/exams/editor/{examId}/{mode}, keeping type=v1 when the editor is embedded. */
export function examEditorPath(id: string, options: { mode?: ExamEditorMode; embedded?: boolean } = {}): string {
  const path = `${EXAM_MANAGER_PATH}/editor/${encodeURIComponent(id)}/${options.mode ?? 'general'}`;
  return options.embedded ? `${path}?type=v1` : path;
}
