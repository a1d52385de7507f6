import { createSubscriptionInputSchema } from '../../../../shared/subscriptions/subscriptions.schema.ts';
import { CreateByTitleModal } from '../../components/create-by-title-modal.tsx';
import { api } from '../../lib/trpc.ts';
import { subscriptionEditorPath } from './subscription-paths.ts';

/** 'Add Subscription': asks for a title, adds the rate card and opens its editor to set the prices. */
export function AddSubscriptionModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const utils = api.useUtils();
  const create = api.subscriptions.create.useMutation({ onSuccess: () => utils.subscriptions.list.invalidate() });
  return (
    <CreateByTitleModal
      open={open}
      onOpenChange={onOpenChange}
      title="Add Subscription"
      description="Give the rate card a title; its term and prices are set in its editor."
      submitLabel="Add Subscription"
      errorTitle="Subscription cannot be added"
      fieldId="new-subscription-title"
      placeholder="e.g. LDC Mains 2026: 12 months"
      schema={createSubscriptionInputSchema}
      create={(title) => create.mutateAsync({ title })}
      pathOf={subscriptionEditorPath}
    />
  );
}
AddSubscriptionModal.displayName = 'AddSubscriptionModal';
