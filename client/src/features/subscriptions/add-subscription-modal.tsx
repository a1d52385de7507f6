import { useState } from 'react';
import { useLocation } from 'wouter';
import { createSubscriptionInputSchema } from '../../../../shared/subscriptions/subscriptions.schema.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { validateForm } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { subscriptionEditorPath } from './subscription-paths.ts';

/** 'Add Subscription': asks for a title, adds the rate card and opens its editor to set the prices. */
export function AddSubscriptionModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [, navigate] = useLocation();
  const utils = api.useUtils();
  const create = api.subscriptions.create.useMutation({ onSuccess: () => utils.subscriptions.list.invalidate() });

  const change = (next: boolean) => {
    if (next) {
      setTitle('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = async () => {
    const result = validateForm(createSubscriptionInputSchema, { title });
    if (!result.ok) {
      setError(result.errors.title);
      return;
    }
    setError(undefined);
    const created = await create.mutateAsync(result.data);
    onOpenChange(false);
    navigate(subscriptionEditorPath(created._id));
  };

  return (
    <FormModal
      open={open}
      onOpenChange={change}
      title="Add Subscription"
      description="Give the rate card a title; its term and prices are set in its editor."
      submitLabel="Add Subscription"
      busyLabel="Adding..."
      errorTitle="Subscription cannot be added"
      onSubmit={submit}
    >
      <FormField id="new-subscription-title" label="Title" error={error}>
        {(control) => (
          <Input
            {...control}
            autoFocus
            maxLength={300}
            placeholder="e.g. LDC Mains 2026: 12 months"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </FormField>
    </FormModal>
  );
}
AddSubscriptionModal.displayName = 'AddSubscriptionModal';
