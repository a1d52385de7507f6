import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { BULK_ACTIONS } from '../../../../shared/bulk/bulk.schema.ts';
import { winnerDisplayName } from '../../../../shared/winners/winner-publish.rules.ts';
import { WINNER_FILTER_COLUMNS } from '../../../../shared/winners/winner-list.rules.ts';
import { WINNER_MESSAGES, type Winner } from '../../../../shared/winners/winners.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { LIST_QUERY_OPTIONS, ListPage } from '../../components/list-page.tsx';
import { toastSuccess } from '../../components/toasts.ts';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ActiveAnnouncementCard } from './active-announcement-card.tsx';
import { AddWinnerModal } from './add-winner-modal.tsx';
import { winnerColumns } from './winner-columns.tsx';

export const ACTIVATE_TEXT = 'Do you want to activate this announcement?';
export const DEACTIVATE_TEXT = 'Do you want to deactivate this announcement?';

type Pending = { action: 'activate'; winner: Winner } | { action: 'deactivate' } | null;

/** /admin/winners: the active announcement, every announcement with Activate / Deactivate, and New Item. */
export function WinnerManagerPage() {
  useDocumentTitle('Winners');
  const utils = api.useUtils();
  const winners = api.winners.list.useQuery(undefined, LIST_QUERY_OPTIONS);
  const activate = api.winners.activate.useMutation();
  const deactivate = api.winners.deactivate.useMutation();
  const bulk = api.winners.bulk.useMutation();
  const [pending, setPending] = useState<Pending>(null);
  const active = winners.data?.items.find((winner) => winner.isActive);

  const columns = useMemo<ColumnDef<Winner, unknown>[]>(
    () => [
      ...winnerColumns,
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) =>
          row.original.isActive ? (
            <Button variant="outline" size="sm" onClick={() => setPending({ action: 'deactivate' })}>
              Deactivate
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setPending({ action: 'activate', winner: row.original })}>
              Activate
            </Button>
          ),
      },
    ],
    [],
  );

  const confirm = async () => {
    if (!pending) return;
    if (pending.action === 'activate') await activate.mutateAsync({ id: pending.winner._id });
    else await deactivate.mutateAsync();
    await utils.winners.list.invalidate();
    toastSuccess(pending.action === 'activate' ? 'Announcement activated' : 'Announcement deactivated');
  };

  return (
    <ListPage
      heading="Winner Announcements"
      description="The day's winner as students see it in the app: publish an announcement, then activate it."
      add={{ label: 'New Item', Dialog: AddWinnerModal }}
      query={{ ...winners, data: winners.data?.items }}
      failureTitle="Fetching data failed"
      label="Winner announcements"
      columns={columns}
      pageSize={100}
      filterColumns={WINNER_FILTER_COLUMNS}
      emptyMessage="No winner announcements yet"
      rowLabel={(winner) => winnerDisplayName(winner.winnerName)}
      bulk={{
        noun: { one: 'announcement', many: 'announcements' },
        actions: BULK_ACTIONS,
        run: (request) => bulk.mutateAsync(request),
        onSettled: () => utils.winners.list.invalidate(),
      }}
      dialogs={
        <>
          <ConfirmModal
            open={pending !== null}
            onOpenChange={(open) => !open && setPending(null)}
            title={pending?.action === 'deactivate' ? 'Deactivate Announcement' : 'Activate Announcement'}
            text={pending?.action === 'deactivate' ? DEACTIVATE_TEXT : ACTIVATE_TEXT}
            cancelLabel="Cancel"
            confirmLabel={pending?.action === 'deactivate' ? 'Yes, Deactivate' : 'Yes, Activate'}
            busyLabel="Please wait..."
            errorTitle={WINNER_MESSAGES.activationFailedTitle}
            onConfirm={confirm}
          />
        </>
      }
    >
      {active && <ActiveAnnouncementCard winner={active} onDeactivate={() => setPending({ action: 'deactivate' })} />}
    </ListPage>
  );
}
WinnerManagerPage.displayName = 'WinnerManagerPage';
