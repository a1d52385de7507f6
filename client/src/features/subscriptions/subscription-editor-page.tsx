import { Link } from 'wouter';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
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
  if (subscription.isPending) return <LoadingPanel label="Loading" className="min-h-64" />;
  if (!subscription.data) {
    return (
      <div className="mx-auto grid max-w-xl gap-3 py-10">
        <ErrorAlert title="Fetching data failed" error={subscription.error} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void subscription.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
          <Button asChild variant="ghost">
            <Link href={SUBSCRIPTION_MANAGER_PATH}>
              <ArrowLeft aria-hidden="true" />
              All subscriptions
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  // A new key starts a fresh draft when another rate card is opened; the tabs share one draft.
  return <SubscriptionEditor key={id} subscription={subscription.data} mode={mode} />;
}
SubscriptionEditorPage.displayName = 'SubscriptionEditorPage';
