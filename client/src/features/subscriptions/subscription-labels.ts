import { COURSE_CATEGORIES } from '../../../../shared/courses/course.constants.ts';
import type { FREE_MODES, SUBSCRIPTION_MODES, SubscriptionTerm } from '../../../../shared/subscriptions/subscription.constants.ts';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupees as the console shows prices: 1180 → "₹1,180.00". */
export function formatInr(amount: number | null | undefined): string {
  return amount == null || !Number.isFinite(amount) ? '—' : inr.format(amount);
}

/** A GST rate: 18 → "18%", 12.5 → "12.5%". */
export function formatRate(rate: number): string {
  return `${Number(rate.toFixed(2))}%`;
}

/** "12-months" → "12 Months", "1-month" → "1 Month", "1-days" → "1 Day", "not-selected" → "Not selected". */
export function termLabel(term: SubscriptionTerm): string {
  if (term === 'not-selected') return 'Not selected';
  const [count, unit = ''] = term.split('-');
  const singular = unit.replace(/s$/, '');
  const word = count === '1' ? singular : `${singular}s`;
  return `${count} ${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

export const FREE_MODE_LABELS: Record<(typeof FREE_MODES)[number], string> = {
  none: 'None',
  'lakshya-students': 'Lakshya students',
};

export const MODE_LABELS: Record<(typeof SUBSCRIPTION_MODES)[number], string> = {
  default: 'Default',
  'tag-based': 'Tag based',
};

/** A course category's name as staff know it ("kerala-psc" → "Kerala PSC"); one the list lacks is shown as stored. */
export function courseCategoryName(key: string): string {
  return COURSE_CATEGORIES.find((category) => category.key === key)?.label ?? key;
}
