import type { ColumnDef } from '@tanstack/react-table';
import type { Subscription } from '../../../../shared/subscriptions/subscriptions.schema.ts';
import { editorLinkColumn } from '../../components/editor-shell/editor-link-column.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AddSubscriptionModal } from './add-subscription-modal.tsx';
import { formatInr, formatRate, termLabel } from './subscription-labels.ts';
import { subscriptionEditorPath } from './subscription-paths.ts';

const columns: ColumnDef<Subscription, unknown>[] = [
  editorLinkColumn('Title', subscriptionEditorPath),
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
      row.original.subscriptionTerm === 'not-selected' ? <span className="text-muted-foreground">Not selected</span> : termLabel(row.original.subscriptionTerm),
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
  return (
    <ListPage
      heading="Subscription Manager"
      description="Rate cards: the term and price (with GST) of what students buy."
      add={{ label: 'Add Subscription', Dialog: AddSubscriptionModal }}
      query={subscriptions}
      failureTitle="Fetching subscrptions failed"
      label="Subscriptions"
      columns={columns}
      emptyMessage="No subscriptions yet"
    />
  );
}
SubscriptionManagerPage.displayName = 'SubscriptionManagerPage';
