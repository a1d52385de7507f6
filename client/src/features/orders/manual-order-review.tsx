import type { ManualOrderReview } from '../../../../shared/commerce/orders.schema.ts';
import { RESOURCE_LABELS } from './resource-picker.tsx';

/** Review & Confirm: who gets what, for how long, for how much. */
export function ManualOrderReviewList({ review }: { review: ManualOrderReview }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="text-muted-foreground">Student</dt>
      <dd>
        {review.user.name || 'Unspecified'} · {review.user.phoneNumber}
        {review.user.emailAddress ? ` · ${review.user.emailAddress}` : ''}
      </dd>
      <dt className="text-muted-foreground">{RESOURCE_LABELS[review.resource.resourceType].one}</dt>
      <dd className="font-medium">{review.resource.title}</dd>
      <dt className="text-muted-foreground">Term</dt>
      <dd>
        {review.term} ({review.termDays} days)
      </dd>
      <dt className="text-muted-foreground">Amount</dt>
      <dd>INR {review.amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}</dd>
    </dl>
  );
}
ManualOrderReviewList.displayName = 'ManualOrderReviewList';
