export const SUBSCRIPTION_MANAGER_PATH = '/admin/subscriptions';

export const SUBSCRIPTION_EDITOR_MODES = ['general', 'resources'] as const;
export type SubscriptionEditorMode = (typeof SUBSCRIPTION_EDITOR_MODES)[number];

/** /admin/subscriptions/editor/{id}[/{mode}] */
export function subscriptionEditorPath(id: string, mode?: SubscriptionEditorMode): string {
  return `/admin/subscriptions/editor/${encodeURIComponent(id)}${mode ? `/${mode}` : ''}`;
}

/** Where the Resources tab links each attached item (the editors of the other screens). */
export const RESOURCE_PATHS = {
  course: (id: string) => `/admin/courses/editor/${encodeURIComponent(id)}`,
  lecture: (id: string) => `/admin/videos/lectures/${encodeURIComponent(id)}`,
  exam: (id: string) => `/admin/exams/editor/${encodeURIComponent(id)}`,
  rankFile: (id: string) => `/admin/rank-files/editor/${encodeURIComponent(id)}`,
} as const;
