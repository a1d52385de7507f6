import { RESOURCE_TYPES } from '../../../../shared/commerce/checkout.schema.ts';
import { ORDER_MESSAGES, type ManualOrderQuery, type ResourceOption } from '../../../../shared/commerce/orders.schema.ts';
import { SUBSCRIPTION_TERMS } from '../../../../shared/subscriptions/subscription.constants.ts';
import { bindDraft } from '../../components/form/bind-draft.ts';
import { SelectField } from '../../components/form/select-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { RESOURCE_LABELS } from './resource-picker.tsx';

const TERMS = SUBSCRIPTION_TERMS.filter((term) => term !== 'not-selected');

export interface ManualOrderDraft {
  phoneNumber: string;
  resourceType: (typeof RESOURCE_TYPES)[number];
  /** Chosen by title in the picker; the server checks again that it exists. */
  resource: ResourceOption | null;
  term: string;
  amount: string;
}

export const EMPTY_MANUAL_ORDER: ManualOrderDraft = { phoneNumber: '', resourceType: 'course', resource: null, term: '', amount: '' };

/** The form's three checks, all at once, in the specification's words. */
export function manualOrderWarnings(draft: ManualOrderDraft): string[] {
  const warnings: string[] = [];
  if (draft.phoneNumber.trim() === '') warnings.push(ORDER_MESSAGES.phoneRequired);
  if (draft.resource === null) warnings.push(ORDER_MESSAGES.resourceRequired);
  if (draft.term === '') warnings.push(ORDER_MESSAGES.termRequired);
  return warnings;
}

export function manualOrderQuery(draft: ManualOrderDraft): ManualOrderQuery {
  return {
    phoneNumber: draft.phoneNumber.trim(),
    resourceType: draft.resourceType,
    resourceId: draft.resource?._id ?? '',
    term: draft.term,
    amount: draft.amount.trim() === '' ? 0 : draft.amount.trim(),
  };
}

export interface ManualOrderFormProps {
  draft: ManualOrderDraft;
  busy: boolean;
  onChange: (patch: Partial<ManualOrderDraft>) => void;
  /** Opens the picker of the chosen resource type. */
  onPick: () => void;
}

/** Create Order: the student's phone number, the resource, the term and the amount paid. */
export function ManualOrderForm({ draft, busy, onChange, onPick }: ManualOrderFormProps) {
  const kind = RESOURCE_LABELS[draft.resourceType].one;
  const bind = bindDraft(draft, onChange);
  return (
    <fieldset disabled={busy} className="grid gap-3">
      <TextField id="manual-phone" label="Phone number" inputMode="tel" placeholder="10-digit mobile number" {...bind.text('phoneNumber')} />
      <SelectField
        id="manual-type"
        label="Resource type"
        value={draft.resourceType}
        options={RESOURCE_TYPES.map((type) => ({ value: type, label: RESOURCE_LABELS[type].one }))}
        // A resource of another kind cannot stay chosen.
        onChange={(resourceType) => onChange({ resourceType, resource: null })}
      />
      <div className="grid gap-1.5">
        <span id="manual-resource-label" className="text-sm font-medium">
          {kind}
        </span>
        <div className="flex min-w-0 flex-wrap items-center gap-2 rounded-md border p-2">
          <span aria-labelledby="manual-resource-label" role="status" className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
            {draft.resource ? <span className="font-medium">{draft.resource.title}</span> : <span className="text-muted-foreground">None chosen</span>}
          </span>
          <Button type="button" variant="outline" size="sm" onClick={onPick}>
            {`${draft.resource ? 'Change' : 'Choose'} ${kind.toLowerCase()}`}
          </Button>
        </div>
      </div>
      <SelectField
        id="manual-term"
        label="Subscription term"
        options={[{ value: '', label: 'Choose a term' }, ...TERMS.map((term) => ({ value: term, label: term }))]}
        {...bind.choice('term')}
      />
      <TextField
        id="manual-amount"
        label="Amount (INR)"
        hint="Optional: 0 when left empty."
        type="number"
        min={0}
        step={0.01}
        placeholder="0"
        {...bind.text('amount')}
      />
    </fieldset>
  );
}
ManualOrderForm.displayName = 'ManualOrderForm';
