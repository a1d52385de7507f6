import type { CurrentAffairListEntry } from './current-affairs.schema.ts';

/** The columns of the Current Affairs table that take a text filter. */
export const CURRENT_AFFAIR_FILTER_COLUMNS = ['title', 'pdfUploaded'] as const;
export type CurrentAffairFilterColumn = (typeof CURRENT_AFFAIR_FILTER_COLUMNS)[number];

/**
 * Each filtered column's text for a post: the table filters by it, and so does a bulk action's
 * "all matching". The date is found either way of writing it: 2026-11-26 or 26 Nov 2026.
 */
export function currentAffairColumnTexts(
  post: Pick<CurrentAffairListEntry, 'title' | 'titleDisplay' | 'hasPDFUploaded'>,
): Record<CurrentAffairFilterColumn, string> {
  return { title: `${post.title} ${post.titleDisplay}`, pdfUploaded: post.hasPDFUploaded };
}
