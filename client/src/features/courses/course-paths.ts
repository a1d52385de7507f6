export const COURSE_MANAGER_PATH = '/admin/courses';

export const COURSE_EDITOR_MODES = ['general', 'subjects', 'rankfiles', 'study-plan'] as const;
export type CourseEditorMode = (typeof COURSE_EDITOR_MODES)[number];

/** The tab a path names: general unless it is one of the other three. */
export function courseEditorModeOf(mode: string | undefined): CourseEditorMode {
  return (COURSE_EDITOR_MODES as readonly string[]).includes(mode ?? '') ? (mode as CourseEditorMode) : 'general';
}

/** /admin/courses/editor/{id}[/{mode}], keeping type=v1 when the editor is embedded. */
export function courseEditorPath(id: string, options: { mode?: CourseEditorMode; embedded?: boolean } = {}): string {
  const path = `/admin/courses/editor/${encodeURIComponent(id)}${options.mode && options.mode !== 'general' ? `/${options.mode}` : ''}`;
  return options.embedded ? `${path}?type=v1` : path;
}
