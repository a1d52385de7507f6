import { FileText } from 'lucide-react';
import type { DeletedOrder, OrderSortColumn } from '../../../../shared/commerce/orders.schema.ts';
import type { SortableHeading } from '../../components/server-list/sortable-headings-row.tsx';
import { SERVER_LIST_QUERY_OPTIONS } from '../../components/server-list/use-server-list.ts';
import { Button } from '../../components/ui/button.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { api } from '../../lib/trpc.ts';
import { customerOf, DateAndTime, modeOf, OrderPurchaseCells } from './order-cells.tsx';
import { OrdersTableFrame, type OrdersTableProps } from './orders-table-frame.tsx';

const HEADINGS: ReadonlyArray<SortableHeading<OrderSortColumn>> = [
  { label: 'Deleted', column: 'date' },
  { label: 'Deleted by' },
  { label: 'Customer' },
  { label: 'Subscription', column: 'title' },
  { label: 'Resource' },
  { label: 'Mode', column: 'mode' },
  { label: 'Documents' },
];

function DocumentLink({ order, kind }: { order: DeletedOrder; kind: 'invoice' | 'credit-note' }) {
  const label = kind === 'invoice' ? 'Invoice' : 'Credit note';
  return (
    <Button asChild variant="outline" size="sm">
      <a
        href={`/api/admin/orders/${encodeURIComponent(order._id)}/${kind}`}
        target="_blank"
        rel="noopener"
        aria-label={`${label} of the deleted order of ${customerOf(order)}`}
      >
        <FileText aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}

function DeletedOrderRow({ order }: { order: DeletedOrder }) {
  return (
    <TableRow>
      <TableCell>
        <DateAndTime at={order.deletedAt} />
      </TableCell>
      <TableCell>{order.deletedBy?.name ?? '—'}</TableCell>
      <OrderPurchaseCells order={order} />
      <TableCell>{modeOf(order)}</TableCell>
      <TableCell>
        <span className="flex flex-wrap gap-1">
          {order.hasInvoice && <DocumentLink order={order} kind="invoice" />}
          {order.hasCreditNote && <DocumentLink order={order} kind="credit-note" />}
          {!order.hasInvoice && !order.hasCreditNote && <span className="text-muted-foreground">None (nothing was paid)</span>}
        </span>
      </TableCell>
    </TableRow>
  );
}

/** Deleted orders, the latest deletion first, a page at a time from the server: who deleted each, when, and its documents. */
export function DeletedOrdersTable({ input, onPage, onSort }: OrdersTableProps) {
  const orders = api.orders.deleted.useQuery(input, SERVER_LIST_QUERY_OPTIONS);
  return (
    <OrdersTableFrame noun="deleted orders" headings={HEADINGS} query={orders} input={input} onPage={onPage} onSort={onSort}>
      {(order) => <DeletedOrderRow key={order._id} order={order} />}
    </OrdersTableFrame>
  );
}
DeletedOrdersTable.displayName = 'DeletedOrdersTable';
