export const WINNER_MANAGER_PATH = '/admin/winners';
export const winnerEditorPath = (id: string) => `/admin/winners/editor/${encodeURIComponent(id)}`;
