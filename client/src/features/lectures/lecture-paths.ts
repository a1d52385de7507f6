export const LECTURE_CATALOGUE_PATH = '/admin/videos';

export type LectureEditorMode = 'general' | 'discussions';

/** /admin/videos/lectures/{id}[/{mode}], keeping type=v1 when the editor is embedded. */
export function lectureEditorPath(id: string, options: { mode?: LectureEditorMode; embedded?: boolean } = {}): string {
  const path = `/admin/videos/lectures/${encodeURIComponent(id)}${options.mode ? `/${options.mode}` : ''}`;
  return options.embedded ? `${path}?type=v1` : path;
}
