import { z } from '../validation/zod.ts';

/**
 * Bulk actions on a console list: the rows chosen by id, or every row the list's filter matches,
 * each put through the single action of its editor, with one result per row.
 */
export const BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
/** The actions of a list whose rows are switched on and off rather than published (coupons). */
export const SWITCH_BULK_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
/** Every bulk action a list may have; each list takes only its own (a resource names them). */
export const ALL_BULK_ACTIONS = ['publish', 'unpublish', 'activate', 'deactivate', 'delete'] as const;
export type BulkAction = (typeof ALL_BULK_ACTIONS)[number];

/** At most this many ids in one request. */
export const BULK_ID_LIMIT = 500;
/** "All matching the filter" is refused when the filter matches more rows than this. */
export const BULK_MATCHING_LIMIT = 5000;

/** Each action's label, on its button and in its result dialog. */
export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  activate: 'Activate',
  deactivate: 'Deactivate',
  delete: 'Delete',
};

/** The actions in words, for a route's summary: "Publish, unpublish or delete". */
export function bulkActionsText(actions: readonly BulkAction[]): string {
  const words = actions.map((action, index) => (index === 0 ? BULK_ACTION_LABELS[action] : BULK_ACTION_LABELS[action].toLowerCase()));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}` : (words[0] ?? '');
}

/**
 * The body of a list's bulk route: `action` (one of the list's own actions) with either `ids`
 * (1 to 500 row ids) or `matching` (the list's filter, resolved by the server).
 */
export function bulkInputSchema<Filter extends z.ZodType>(actions: readonly BulkAction[], filter: Filter) {
  const choices = actions.join(', ');
  return z
    .object({
      action: z.enum(actions as [BulkAction, ...BulkAction[]], { error: `Choose an action this list has: ${choices}` }),
      ids: z
        .array(z.uuid({ error: 'Each id must be a row id (a uuid)' }))
        .min(1, { error: 'Choose at least one row' })
        .max(BULK_ID_LIMIT, { error: `Choose at most ${BULK_ID_LIMIT} rows, or use the filter ("all matching")` })
        .optional(),
      matching: filter.optional(),
    })
    .superRefine(({ ids, matching }, ctx) => {
      if ((ids === undefined) === (matching === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Send either ids or matching (the filter), not both or neither' });
      }
    });
}
export type BulkInput<Filter> = { action: BulkAction; ids?: string[] | undefined; matching?: Filter | undefined };

export const BULK_OUTCOMES = ['done', 'refused', 'missing'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const bulkRowResultSchema = z.object({
  id: z.string(),
  /** The row's title ('' when it was not found). */
  title: z.string(),
  /** done: applied (or already so, said in `message`); refused: nothing changed, `message` says why; missing: no such row. */
  outcome: z.enum(BULK_OUTCOMES),
  message: z.string().optional(),
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;

export const bulkResultSchema = z.object({
  results: z.array(bulkRowResultSchema),
  done: z.number().int(),
  refused: z.number().int(),
  missing: z.number().int(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** The filter of a list searched by title: a case-insensitive part of it (blank matches every row). */
export const titleFilterSchema = z.object({ title: z.string().max(200).default('') });
export type TitleFilter = z.infer<typeof titleFilterSchema>;

/** The console table's column filter: a blank filter keeps every row, otherwise the column's text contains it (any case). */
export function textMatchesFilter(text: string | null | undefined, filter: string | null | undefined): boolean {
  const needle = (filter ?? '').trim().toLowerCase();
  if (needle === '') return true;
  return text != null && text.toLowerCase().includes(needle);
}

/** Whether a title matches a title filter, as the console's table filters it. */
export function titleMatches(title: string, filter: TitleFilter): boolean {
  return textMatchesFilter(title, filter.title);
}

/**
 * The filter of a list with several filtered columns, keyed by column id as the console's table
 * sends it: each a text the column must contain (any case). A column the list does not filter is
 * refused, so a filter is never silently widened.
 */
export function columnFilterSchema<Column extends string>(columns: readonly Column[]) {
  return z.strictObject(Object.fromEntries(columns.map((column) => [column, z.string().max(200).optional()])) as Record<Column, z.ZodOptional<z.ZodString>>);
}
export type ColumnFilter<Column extends string> = Partial<Record<Column, string>>;

/** Whether a row, as its columns' texts, matches every column of a filter. */
export function columnsMatch<Column extends string>(texts: Record<Column, string>, filter: ColumnFilter<Column>): boolean {
  return (Object.keys(filter) as Column[]).every((column) => textMatchesFilter(texts[column], filter[column]));
}
