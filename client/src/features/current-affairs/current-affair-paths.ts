export const CURRENT_AFFAIRS_MANAGER_PATH = '/admin/current-affairs';

/** /admin/current-affairs/editor/{id}, keeping type=v1 when the editor is embedded. */
export function currentAffairEditorPath(id: string, options: { embedded?: boolean } = {}): string {
  const path = `/admin/current-affairs/editor/${encodeURIComponent(id)}`;
  return options.embedded ? `${path}?type=v1` : path;
}
