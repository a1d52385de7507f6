import { useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { RATE_CARD_MAX_PAGE_SIZE, RATE_CARD_PAGE_SIZE, type RateCardOption } from '../../../../shared/subscriptions/rate-card-search.schema.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { pickerQueryOptions } from '../../components/picker-dialog.tsx';
import { ServerPickerDialog, type ServerPickerInput } from '../../components/server-picker-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/trpc.ts';

/** A course carries at most this many extra rate cards (the server's rule too). */
export const MAX_EXTRA_RATE_CARDS = 50;

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
const termAndPrice = (card: RateCardOption) => `${card.subscriptionTerm} · ${card.isFree ? 'Free' : inr.format(card.netAmount)}`;

function useRateCardPage({ search, page }: ServerPickerInput, enabled: boolean) {
  return api.subscriptions.search.useQuery(
    { page, pageSize: RATE_CARD_PAGE_SIZE, ...(search ? { search } : {}) },
    { ...pickerQueryOptions(enabled), placeholderData: keepPreviousData },
  );
}

export interface CourseRateCardsFieldProps {
  /** The extra rate cards' ids, in the order they were added. */
  value: readonly string[];
  /** The course's default rate card: not offered again as an extra one. */
  defaultCardId: string | null;
  onChange: (ids: string[]) => void;
}

/**
 * The course's extra subscriptions: the chosen rate cards first, each with Remove, and "Add rate
 * cards", a picker the server searches by title a page at a time (there may be hundreds of cards).
 */
export function CourseRateCardsField({ value, defaultCardId, onChange }: CourseRateCardsFieldProps) {
  const [picking, setPicking] = useState(false);
  const ids = useMemo(() => [...value].slice(0, RATE_CARD_MAX_PAGE_SIZE), [value]);
  const chosen = api.subscriptions.search.useQuery({ ids, pageSize: RATE_CARD_MAX_PAGE_SIZE }, { enabled: ids.length > 0, placeholderData: keepPreviousData });
  const byId = useMemo(() => new Map((chosen.data?.items ?? []).map((card) => [card._id, card])), [chosen.data]);
  const cards = value.map(
    (id) =>
      byId.get(id) ?? {
        _id: id,
        title: chosen.isPending ? 'Loading...' : `Rate card ${id} (not found)`,
        subscriptionTerm: 'not-selected' as const,
        netAmount: 0,
        isFree: false,
      },
  );

  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 text-sm font-medium">Extra subscriptions</legend>
      {value.length === 0 ? (
        <p className="text-xs text-muted-foreground">None: the course is sold under its default rate card only.</p>
      ) : (
        <ul aria-label="Extra subscriptions chosen" className="grid gap-1">
          {cards.map((card) => (
            <li key={card._id} className="flex min-w-0 items-center gap-2 rounded-md border px-2 py-1 text-sm">
              <span className="min-w-0 flex-1">
                <span className="font-medium [overflow-wrap:anywhere]">{card.title}</span>
                {byId.has(card._id) && <span className="block text-xs text-muted-foreground">{termAndPrice(card)}</span>}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${card.title}`}
                onClick={() => onChange(value.filter((id) => id !== card._id))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {chosen.isError && <LoadFailure title="Fetching rate cards failed" error={chosen.error} onRetry={chosen.refetch} />}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
          <Plus aria-hidden="true" />
          Add rate cards
        </Button>
        <span className="text-xs text-muted-foreground">
          {value.length} of at most {MAX_EXTRA_RATE_CARDS}
        </span>
      </div>
      <ServerPickerDialog<RateCardOption>
        open={picking}
        onOpenChange={setPicking}
        selection="multiple"
        title="Add rate cards"
        description="Search by title and tick every rate card the course is also sold under. The default rate card needs no ticking."
        itemsLabel="rate cards"
        pageSize={RATE_CARD_PAGE_SIZE}
        usePage={useRateCardPage}
        renderDetail={termAndPrice}
        initialSelected={cards}
        onConfirm={(picked) => onChange(picked.map((card) => card._id).filter((id) => id !== defaultCardId))}
      />
    </fieldset>
  );
}
CourseRateCardsField.displayName = 'CourseRateCardsField';
