import { publishedStatusText } from '../editing/record-fields.ts';
import { winnerDisplayName } from './winner-publish.rules.ts';
import type { Winner } from './winners.schema.ts';

/** Rupees as staff read them: "₹1,500" or "₹1,500.50". */
export function rupees(amount: number): string {
  const paise = Number.isInteger(amount) ? 0 : 2;
  return `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: paise, maximumFractionDigits: 2 })}`;
}

/** The columns of the Winner Announcements table that take a text filter. */
export const WINNER_FILTER_COLUMNS = ['name', 'status', 'active', 'rank', 'prize', 'upi', 'beneficiary'] as const;
export type WinnerFilterColumn = (typeof WINNER_FILTER_COLUMNS)[number];

/** Each filtered column's text for an announcement: the table filters by it, and so does a bulk action's "all matching". */
export function winnerColumnTexts(winner: Winner): Record<WinnerFilterColumn, string> {
  return {
    name: winnerDisplayName(winner.winnerName),
    status: publishedStatusText(winner.isPublished),
    active: winner.isActive ? 'Yes' : 'No',
    rank: String(winner.rank),
    prize: rupees(winner.prizeAmount),
    upi: winner.googlePayOrUPI,
    beneficiary: winner.beneficiaryName,
  };
}
