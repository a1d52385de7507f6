import { useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { DEFAULT_GST_RATE, FREE_MODES, NUMBER_STEP, SUBSCRIPTION_MODES, SUBSCRIPTION_TERMS } from '../../../../shared/subscriptions/subscription.constants.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { bindDraft } from '../../components/form/bind-draft.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { SelectField, optionsOf } from '../../components/form/select-field.tsx';
import { StateSwitch } from '../../components/editor-shell/state-switch.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import type { FieldErrors } from '../../lib/forms.ts';
import { cn } from '../../lib/utils.ts';
import type { SubscriptionDraft } from './subscription-draft.ts';
import { FREE_MODE_LABELS, MODE_LABELS, termLabel } from './subscription-labels.ts';

export interface SubscriptionGeneralFormProps {
  draft: SubscriptionDraft;
  errors: FieldErrors;
  onChange: (patch: Partial<SubscriptionDraft>) => void;
}

type AmountField = 'grossAmount' | 'gstRate' | 'gstAmount' | 'netAmount' | 'compareAtPrice';

function AmountInput({
  field,
  label,
  hint,
  unit,
  draft,
  errors,
  onChange,
}: SubscriptionGeneralFormProps & { field: AmountField; label: string; hint?: string; unit: '₹' | '%' }) {
  return (
    <FormField id={`subscription-${field}`} label={label} error={errors[field]} hint={hint} className="content-start">
      {(control) => (
        // ₹ is written before an amount and % after a rate ("₹ 1000", "18 %"), as on a bill.
        <div className="relative">
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            step={NUMBER_STEP}
            className={cn('tabular-nums', unit === '%' ? 'pr-8' : 'pl-7')}
            value={draft[field]}
            onChange={(event) => onChange({ [field]: event.target.value })}
          />
          <span
            aria-hidden="true"
            className={cn('pointer-events-none absolute top-1/2 -translate-y-1/2 text-sm text-muted-foreground', unit === '%' ? 'right-3' : 'left-3')}
          >
            {unit}
          </span>
        </div>
      )}
    </FormField>
  );
}

/** Tags typed one at a time (Enter or comma adds one); each can be removed. */
function ResourceTagsField({ tags, error, onChange }: { tags: string[]; error?: string | undefined; onChange: (tags: string[]) => void }) {
  const [text, setText] = useState('');
  const add = () => {
    const tag = text.trim();
    if (tag !== '' && !tags.includes(tag)) onChange([...tags, tag]);
    setText('');
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };
  return (
    <FormField
      id="subscription-resource-tags"
      label="Resource Tags"
      error={error}
      hint="Kept with the rate card in tag-based mode, for the apps that list what it sells by tag. Access itself comes from the rate card chosen on each course, lecture and exam."
    >
      {(control) => (
        <div className="grid gap-2">
          <div className="flex gap-2">
            <Input
              {...control}
              value={text}
              maxLength={100}
              placeholder="Type a tag and press Enter"
              onChange={(event) => setText(event.target.value)}
              onKeyDown={keyDown}
            />
            <Button type="button" variant="outline" onClick={add} disabled={text.trim() === ''}>
              Add Tag
            </Button>
          </div>
          {tags.length > 0 && (
            <ul aria-label="Resource tags" className="flex flex-wrap gap-1.5">
              {tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="outline" className="gap-1 py-1 pr-1 text-sm font-medium">
                    {tag}
                    <button
                      type="button"
                      aria-label={`Remove tag ${tag}`}
                      className="rounded-full p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
                      onClick={() => onChange(tags.filter((other) => other !== tag))}
                    >
                      <X aria-hidden="true" className="size-3" />
                    </button>
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </FormField>
  );
}

/** The General tab: term, prices with GST, free access, promotion and mode of a rate card. */
export function SubscriptionGeneralForm({ draft, errors, onChange }: SubscriptionGeneralFormProps) {
  const props = { draft, errors, onChange };
  const bind = bindDraft(draft, onChange, errors);
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <SectionCard
        title="Price"
        description="GST and nett amounts are worked out whenever the gross amount or the rate changes. Saving checks them: GST must be the rate of the gross, and the nett gross + GST (which may be rounded to the rupee by hand)."
        className="self-start lg:col-span-2"
        contentClassName="grid gap-4 sm:grid-cols-2"
      >
        <AmountInput {...props} field="grossAmount" label="Gross Amount" unit="₹" />
        <AmountInput {...props} field="gstRate" label="GST Rate" unit="%" hint={`${DEFAULT_GST_RATE}% unless the item is taxed otherwise.`} />
        <AmountInput {...props} field="gstAmount" label="GST Amount" unit="₹" hint="Gross × rate ÷ 100, to 2 decimals." />
        <AmountInput
          {...props}
          field="netAmount"
          label="Nett Amount"
          unit="₹"
          hint="Gross + GST, or that rounded to the rupee: what the student pays (at least ₹1 unless free)."
        />
        <AmountInput
          {...props}
          field="compareAtPrice"
          label="Compare-at Price"
          unit="₹"
          hint="The struck-through price shown beside the nett amount; leave empty for none."
        />
        <TextField
          id="subscription-promo-label"
          label="Promo Label"
          hint="e.g. 50% off, shown on the price."
          fieldClassName="content-start"
          maxLength={100}
          {...bind.text('discountRatePromoLabel')}
        />
      </SectionCard>
      <div className="grid content-start gap-4">
        <SectionCard title="Term" contentClassName="">
          <SelectField
            id="subscription-term"
            label="Term"
            hint="How long a purchase gives access."
            options={optionsOf(SUBSCRIPTION_TERMS, termLabel)}
            {...bind.choice('subscriptionTerm')}
          />
        </SectionCard>
        <SectionCard title="Free Access">
          <StateSwitch
            id="subscription-is-free"
            name="Is Free"
            on="Students get this without paying"
            off="Students pay the nett amount"
            {...bind.toggle('isFree')}
          />
          <SelectField
            id="subscription-free-mode"
            label="Free Mode"
            hint="Who gets it free."
            options={optionsOf(FREE_MODES, (mode) => FREE_MODE_LABELS[mode])}
            {...bind.choice('freeMode')}
          />
        </SectionCard>
        <SectionCard title="Mode">
          <SelectField id="subscription-mode" label="Mode" options={optionsOf(SUBSCRIPTION_MODES, (mode) => MODE_LABELS[mode])} {...bind.choice('mode')} />
          {draft.mode === 'tag-based' && (
            <ResourceTagsField tags={draft.resourceTags} error={errors.resourceTags} onChange={(resourceTags) => onChange({ resourceTags })} />
          )}
        </SectionCard>
      </div>
    </div>
  );
}
SubscriptionGeneralForm.displayName = 'SubscriptionGeneralForm';
