export const RANK_FILE_MANAGER_PATH = '/admin/rank-files';

/** /admin/rank-files/editor/{id}, keeping type=v1 when the editor is embedded. */
export function rankFileEditorPath(id: string, options: { embedded?: boolean } = {}): string {
  const path = `/admin/rank-files/editor/${encodeURIComponent(id)}`;
  return options.embedded ? `${path}?type=v1` : path;
}
