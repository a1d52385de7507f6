import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_TERMS } from '../../../shared/subscriptions/subscription.constants.ts';
import { subscriptionValueSchema, type Subscription } from '../../../shared/subscriptions/subscriptions.schema.ts';
import { changeDraft, serverFieldErrors, toDraft, toSubscriptionValue } from '../../../client/src/features/subscriptions/subscription-draft.ts';
import { sameDraft } from '../../../client/src/lib/same-draft.ts';
import { formatInr, formatRate, termLabel } from '../../../client/src/features/subscriptions/subscription-labels.ts';
import { PAID_TWELVE_MONTHS } from '../../support/rate-card-value.ts';

const card: Subscription = {
  _id: '6f0c3c1e-5b7a-4d2e-9a51-0d3b1f6f2a10',
  version: 1,
  title: 'LDC Mains 2026',
  ...PAID_TWELVE_MONTHS,
  compareAtPrice: null,
  discountRatePromoLabel: '',
  mode: 'default',
  resourceTags: [],
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('changeDraft', () => {
  it('recalculates GST and nett amounts when the gross amount changes', () => {
    const next = changeDraft(toDraft(card), { grossAmount: '499' });
    expect(next).toMatchObject({ grossAmount: '499', gstRate: '18', gstAmount: '89.82', netAmount: '588.82' });
  });

  it('recalculates them when the rate changes', () => {
    const next = changeDraft(toDraft(card), { gstRate: '5' });
    expect(next).toMatchObject({ gstAmount: '50', netAmount: '1050' });
  });

  it('keeps a GST or nett amount changed by hand, until gross or rate changes again', () => {
    const overridden = changeDraft(changeDraft(toDraft(card), { gstAmount: '179' }), { netAmount: '1179' });
    expect(overridden).toMatchObject({ grossAmount: '1000', gstAmount: '179', netAmount: '1179' });
    expect(changeDraft(overridden, { title: 'Renamed' })).toMatchObject({ gstAmount: '179', netAmount: '1179' });
    expect(changeDraft(overridden, { grossAmount: '2000' })).toMatchObject({ gstAmount: '360', netAmount: '2360' });
  });

  it('takes an emptied gross amount or rate as 0', () => {
    expect(changeDraft(toDraft(card), { grossAmount: '' })).toMatchObject({ gstAmount: '0', netAmount: '0' });
    expect(changeDraft(toDraft(card), { gstRate: '' })).toMatchObject({ gstAmount: '0', netAmount: '1000' });
  });
});

describe('toSubscriptionValue', () => {
  it('sends amounts as numbers, an empty amount as 0 and an empty compare-at price as none', () => {
    const draft = { ...toDraft(card), grossAmount: '', compareAtPrice: '' };
    expect(toSubscriptionValue(draft)).toMatchObject({ grossAmount: 0, gstRate: 18, gstAmount: 180, netAmount: 1180, compareAtPrice: null });
    expect(toSubscriptionValue({ ...draft, compareAtPrice: '1999.5' }).compareAtPrice).toBe(1999.5);
  });

  it('gives the shared schema what it needs to name a bad amount', () => {
    const result = subscriptionValueSchema.safeParse(toSubscriptionValue({ ...toDraft(card), gstAmount: '180.123' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('GST amount takes at most 2 decimals');
  });

  it('round-trips a stored rate card unchanged', () => {
    const draft = toDraft({ ...card, compareAtPrice: 1499, resourceTags: ['ldc'] });
    expect(sameDraft(draft, toDraft({ ...card, compareAtPrice: 1499, resourceTags: ['ldc'] }))).toBe(true);
    expect(subscriptionValueSchema.parse(toSubscriptionValue(draft))).toMatchObject({ compareAtPrice: 1499, resourceTags: ['ldc'], netAmount: 1180 });
  });
});

describe('subscription labels', () => {
  it('names every term', () => {
    expect(SUBSCRIPTION_TERMS.map(termLabel)).toEqual([
      '12 Months',
      '6 Months',
      '4 Months',
      '3 Months',
      '2 Months',
      '45 Days',
      '1 Month',
      '15 Days',
      '10 Days',
      '8 Days',
      '6 Days',
      '5 Days',
      '4 Days',
      '3 Days',
      '2 Days',
      '1 Day',
      'Not selected',
    ]);
  });

  it('shows rupees with 2 decimals in Indian grouping, and rates as percent', () => {
    expect(formatInr(118000.5)).toBe('₹1,18,000.50');
    expect(formatInr(0)).toBe('₹0.00');
    expect(formatInr(null)).toBe('—');
    expect(formatRate(18)).toBe('18%');
    expect(formatRate(12.5)).toBe('12.5%');
  });
});

describe('serverFieldErrors', () => {
  const refused = (message: string, data: Record<string, unknown>) => TRPCClientError.from({ error: { code: -32600, message, data } });

  it("puts each field a refused save named beside the form's field, with the server's message", () => {
    const error = refused('GST amount must be 180: 18% of the gross amount 1,000, to 2 decimals', {
      type: 'validation',
      field: 'value.gstAmount',
      issues: [
        { field: 'value.gstAmount', message: 'GST amount must be 180: 18% of the gross amount 1,000, to 2 decimals' },
        { field: 'value.netAmount', message: 'Nett amount must be 1,180: gross amount + GST' },
      ],
    });
    expect(serverFieldErrors(error)).toEqual({
      gstAmount: 'GST amount must be 180: 18% of the gross amount 1,000, to 2 decimals',
      netAmount: 'Nett amount must be 1,180: gross amount + GST',
    });
    expect(serverFieldErrors(refused('Nett amount must be at least INR 1', { type: 'validation', field: 'value.netAmount' }))).toEqual({
      netAmount: 'Nett amount must be at least INR 1',
    });
  });

  it('marks no field for a failure that names none', () => {
    expect(serverFieldErrors(refused('Someone saved first', { type: 'conflict' }))).toEqual({});
    expect(serverFieldErrors(new TypeError('Failed to fetch'))).toEqual({});
  });
});
