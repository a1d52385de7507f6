import { EditorLoader } from '../../components/editor-loader.tsx';
import { api } from '../../lib/trpc.ts';
import { NotFoundContent } from '../not-found/not-found-page.tsx';
import { SubscriptionEditor } from './subscription-editor.tsx';
import { SUBSCRIPTION_EDITOR_MODES, SUBSCRIPTION_MANAGER_PATH, type SubscriptionEditorMode } from './subscription-paths.ts';

function isEditorMode(mode: string): mode is SubscriptionEditorMode {
  return (SUBSCRIPTION_EDITOR_MODES as readonly string[]).includes(mode);
}

/** /admin/subscriptions/editor/{id}[/{general|resources}]: loads the rate card, then shows its editor. */
export function SubscriptionEditorPage({ id, mode = 'general' }: { id: string; mode?: string | undefined }) {
  const known = isEditorMode(mode);
  const subscription = api.subscriptions.get.useQuery({ id }, { enabled: known });
  if (!known) return <NotFoundContent />;
  // A new key starts a fresh draft when another rate card is opened; the tabs share one draft.
  return (
    <EditorLoader query={subscription} backHref={SUBSCRIPTION_MANAGER_PATH} backLabel="All subscriptions">
      {(loaded, reload) => <SubscriptionEditor key={id} subscription={loaded} mode={mode} onReload={reload} />}
    </EditorLoader>
  );
}
SubscriptionEditorPage.displayName = 'SubscriptionEditorPage';
