import type * as React from 'react';
import { SelectField, type SelectOption } from '../../components/form/select-field.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { api, type RouterOutputs } from '../../lib/trpc.ts';

type RateCard = RouterOutputs['subscriptions']['list'][number];

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** How a rate card is offered in a select: its title and its nett amount, or Free. */
export function rateCardLabel(card: Pick<RateCard, 'title' | 'netAmount' | 'isFree'>): string {
  return `${card.title} (${card.isFree ? 'Free' : inr.format(card.netAmount)})`;
}

export interface RateCardSelectProps {
  id: string;
  label: string;
  /** The rate card's id, or null for none. */
  value: string | null;
  onChange: (rateCardId: string | null) => void;
  /** The first choice, meaning none (e.g. "No rate card"). */
  noneLabel?: string;
  hint?: React.ReactNode;
  error?: string | undefined;
}

/**
 * The editors' choice of a rate card, from the master list every console role may read. A card the
 * list does not hold (deleted meanwhile, say) stays selectable under its id until changed.
 */
export function RateCardSelect({ id, label, value, onChange, noneLabel = 'No rate card', hint, error }: RateCardSelectProps) {
  const cards = api.subscriptions.list.useQuery();
  const known = cards.data?.some((card) => card._id === value) ?? false;
  const options: SelectOption<string>[] = [
    { value: '', label: cards.isPending ? 'Loading rate cards...' : noneLabel },
    ...(value && !known ? [{ value, label: `Rate card ${value}` }] : []),
    ...(cards.data ?? []).map((card) => ({ value: card._id, label: rateCardLabel(card) })),
  ];
  return (
    <div className="grid gap-2">
      <SelectField
        id={id}
        label={label}
        hint={hint}
        error={error}
        value={value ?? ''}
        options={options}
        disabled={cards.isPending}
        onChange={(chosen) => onChange(chosen || null)}
      />
      {cards.isError && <LoadFailure title="Fetching rate cards failed" error={cards.error} onRetry={cards.refetch} />}
    </div>
  );
}
RateCardSelect.displayName = 'RateCardSelect';
