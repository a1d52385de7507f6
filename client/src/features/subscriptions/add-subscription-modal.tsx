import { createSubscriptionInputSchema } from '../../../../shared/subscriptions/subscriptions.schema.ts';
import { addTexts, createByTitleModal } from '../../components/create-by-title-modal.tsx';
import { api } from '../../lib/trpc.ts';
import { subscriptionEditorPath } from './subscription-paths.ts';

/** Adds the record and refreshes the list behind the dialog. */
function useCreate() {
  const utils = api.useUtils();
  const create = api.subscriptions.create.useMutation({ onSuccess: () => utils.subscriptions.list.invalidate() });
  return (title: string) => create.mutateAsync({ title });
}

/** 'Add Subscription': asks for a title, adds the rate card and opens its editor to set the prices. */
export const AddSubscriptionModal = createByTitleModal('AddSubscriptionModal', useCreate, {
  ...addTexts('Subscription'),
  description: 'Give the rate card a title; its term and prices are set in its editor.',
  placeholder: 'e.g. LDC Mains 2026: 12 months',
  schema: createSubscriptionInputSchema,
  pathOf: subscriptionEditorPath,
});
