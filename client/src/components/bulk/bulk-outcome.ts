import { BULK_ACTION_LABELS, type BulkAction, type BulkResult } from '../../../../shared/bulk/bulk.schema.ts';
import type { Notice } from '../notice-modal.tsx';

/** What a list calls its rows: "lecture" and "lectures". */
export interface BulkNoun {
  one: string;
  many: string;
}

export function countOf(count: number, noun: BulkNoun): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? noun.one : noun.many}`;
}

/** The result dialog of a bulk action: how many rows it changed, and each refused or missing row with its reason. */
export function bulkOutcomeNotice(action: BulkAction, result: BulkResult, noun: BulkNoun): Notice {
  const total = result.results.length;
  const failed = result.results.filter((row) => row.outcome !== 'done');
  const title = `${BULK_ACTION_LABELS[action]}: ${result.done.toLocaleString('en-IN')} of ${countOf(total, noun)} done`;
  if (failed.length === 0) return { kind: 'success', title };
  return {
    kind: 'error',
    title,
    text: `${countOf(failed.length, noun)} ${failed.length === 1 ? 'was' : 'were'} left as ${failed.length === 1 ? 'it was' : 'they were'}:`,
    warnings: failed.map((row) => `${row.title || row.id}: ${row.message ?? row.outcome}`),
    warningsIntro: null,
  };
}
