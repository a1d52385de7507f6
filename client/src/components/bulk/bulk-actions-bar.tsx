import * as React from 'react';
import { BULK_ACTION_LABELS, type BulkAction, type BulkResult } from '../../../../shared/bulk/bulk.schema.ts';
import { errorMessage } from '../../lib/errors.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import { NoticeModal, type Notice } from '../notice-modal.tsx';
import { Button } from '../ui/button.tsx';
import { bulkOutcomeNotice, countOf, type BulkNoun } from './bulk-outcome.ts';
import type { BulkSelection } from './use-bulk-selection.ts';

/** A bulk request as a list's `bulk` procedure takes it: the checked ids, or the filter the list shows. */
export type BulkRequest = { action: BulkAction; ids: string[] } | { action: BulkAction; matching: Record<string, string> };

/** What a list with bulk actions gives its table (see ListPage's `bulk`). */
export interface BulkOptions {
  noun: BulkNoun;
  actions: readonly BulkAction[];
  /** Sends the request (the list's `bulk` mutation). */
  run: (request: BulkRequest) => Promise<BulkResult>;
  /** Refreshes the list after a bulk action, whatever its outcome. */
  onSettled: () => unknown;
  /** The list's filter beyond its table's (a tab, say), sent with "all matching"; a change clears the selection. */
  listFilter?: Record<string, string>;
}

/** What the table shows at the moment: its page's row ids, how many rows its filters match, and the filters. */
export interface TableView {
  pageIds: readonly string[];
  filteredCount: number;
  filters: Record<string, string>;
}

interface BulkActionsBarProps extends BulkOptions {
  selection: BulkSelection;
  view: TableView;
}

/**
 * Over a list with checked rows: how many are chosen, "Select all N matching" once the whole page is,
 * and the list's actions. Delete asks first; every action ends in a dialog with the rows it refused.
 */
export function BulkActionsBar({ selection, view, noun, actions, run, onSettled, listFilter }: BulkActionsBarProps) {
  const [busy, setBusy] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const [notice, setNotice] = React.useState<Notice | null>(null);
  const count = selection.allMatching ? view.filteredCount : selection.ids.size;
  const pageChosen = view.pageIds.length > 0 && view.pageIds.every((id) => selection.ids.has(id));

  const listFilterKey = JSON.stringify(listFilter ?? {});
  const { clear } = selection;
  React.useEffect(() => clear(), [listFilterKey, clear]);

  const request = (action: BulkAction): BulkRequest =>
    selection.allMatching ? { action, matching: { ...view.filters, ...listFilter } } : { action, ids: [...selection.ids] };

  /** Runs the action; a refused request (the filter matches too many, say) is thrown to the caller. */
  const send = async (action: BulkAction) => {
    try {
      const result = await run(request(action));
      selection.clear();
      setNotice(bulkOutcomeNotice(action, result, noun));
    } finally {
      await onSettled();
    }
  };

  const start = async (action: BulkAction) => {
    if (action === 'delete') {
      setConfirming(true);
      return;
    }
    setBusy(true);
    try {
      await send(action);
    } catch (error) {
      setNotice({ kind: 'error', title: `${BULK_ACTION_LABELS[action]} failed`, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {count > 0 && (
        <div role="toolbar" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
          <span aria-live="polite" className="font-medium">
            {selection.allMatching ? `All ${countOf(count, noun)} matching selected` : `${countOf(count, noun)} selected`}
          </span>
          {!selection.allMatching && pageChosen && view.filteredCount > selection.ids.size && (
            <Button variant="link" size="sm" onClick={selection.selectAllMatching}>
              Select all {countOf(view.filteredCount, noun)} matching
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={selection.clear} disabled={busy}>
            Clear selection
          </Button>
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {actions.map((action) => (
              <Button key={action} size="sm" variant={action === 'delete' ? 'destructive' : 'outline'} disabled={busy} onClick={() => void start(action)}>
                {BULK_ACTION_LABELS[action]}
              </Button>
            ))}
          </div>
        </div>
      )}
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${countOf(count, noun)}`}
        text={`Each is deleted as its own Delete would: any still in use is left as it is and listed with the reason. This cannot be undone.`}
        cancelLabel="Close"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        errorTitle="Delete failed"
        destructive
        onConfirm={() => send('delete')}
      />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
BulkActionsBar.displayName = 'BulkActionsBar';
