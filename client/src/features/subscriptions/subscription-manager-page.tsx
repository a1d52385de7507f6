import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus, RotateCw } from 'lucide-react';
import type { Subscription } from '../../../../shared/subscriptions/subscriptions.schema.ts';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AddSubscriptionModal } from './add-subscription-modal.tsx';
import { formatInr, formatRate, termLabel } from './subscription-labels.ts';
import { subscriptionEditorPath } from './subscription-paths.ts';

const columns: ColumnDef<Subscription, unknown>[] = [
  {
    id: 'title',
    accessorKey: 'title',
    header: 'Title',
    cell: ({ row }) => (
      <Link href={subscriptionEditorPath(row.original._id)} className="font-medium text-primary hover:underline">
        {row.original.title}
      </Link>
    ),
  },
  {
    id: 'isFree',
    header: 'Is Free',
    accessorFn: (card) => (card.isFree ? 'Yes' : 'No'),
    cell: ({ row }) => (row.original.isFree ? <Badge variant="success">Yes</Badge> : <Badge variant="secondary">No</Badge>),
  },
  {
    id: 'term',
    header: 'Term',
    accessorFn: (card) => termLabel(card.subscriptionTerm),
    cell: ({ row }) =>
      row.original.subscriptionTerm === 'not-selected' ? (
        <span className="text-muted-foreground">Not selected</span>
      ) : (
        termLabel(row.original.subscriptionTerm)
      ),
  },
  {
    id: 'grossAmount',
    header: 'Gross Amount',
    accessorKey: 'grossAmount',
    cell: ({ row }) => <span className="tabular-nums">{formatInr(row.original.grossAmount)}</span>,
  },
  {
    id: 'gst',
    header: 'GST',
    accessorKey: 'gstAmount',
    cell: ({ row }) => (
      <span className="tabular-nums">
        {formatInr(row.original.gstAmount)} <span className="text-muted-foreground">({formatRate(row.original.gstRate)})</span>
      </span>
    ),
  },
  {
    id: 'netAmount',
    header: 'Nett Amount',
    accessorKey: 'netAmount',
    cell: ({ row }) => <span className="font-semibold tabular-nums">{formatInr(row.original.netAmount)}</span>,
  },
];

/** /admin/subscriptions: the rate cards that courses, lectures, exams and rank files are sold under. */
export function SubscriptionManagerPage() {
  useDocumentTitle('Subscriptions');
  const subscriptions = api.subscriptions.list.useQuery();
  const [adding, setAdding] = useState(false);
  const data = useMemo(() => subscriptions.data ?? [], [subscriptions.data]);

  return (
    <div className="mx-auto grid max-w-6xl gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Subscription Manager</h1>
          <p className="text-sm text-muted-foreground">Rate cards: the term and price (with GST) of what students buy.</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Subscription
        </Button>
      </div>
      {subscriptions.isError && (
        <div className="grid gap-2">
          <ErrorAlert title="Fetching subscrptions failed" error={subscriptions.error} />
          <Button variant="outline" className="justify-self-start" onClick={() => void subscriptions.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )}
      <DataTable
        label="Subscriptions"
        columns={columns}
        data={data}
        pageSize={10}
        minRows={3}
        filterColumns={['title']}
        isLoading={subscriptions.isPending}
        emptyMessage="No subscriptions yet"
        getRowId={(card) => card._id}
      />
      <AddSubscriptionModal open={adding} onOpenChange={setAdding} />
    </div>
  );
}
SubscriptionManagerPage.displayName = 'SubscriptionManagerPage';
