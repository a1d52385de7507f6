import { FileText } from 'lucide-react';
import type { DeletedOrder } from '../../../../shared/commerce/orders.schema.ts';
import { SERVER_LIST_QUERY_OPTIONS } from '../../components/server-list/use-server-list.ts';
import { Button } from '../../components/ui/button.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { api } from '../../lib/trpc.ts';
import { customerOf, DateAndTime, modeOf, OrderPurchaseCells } from './order-cells.tsx';
import { OrdersTableFrame, type OrdersTableInput } from './orders-table-frame.tsx';

const HEADINGS = ['Deleted', 'Deleted by', 'Customer', 'Subscription', 'Resource', 'Mode', 'Documents'];

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
export function DeletedOrdersTable({ input, onPage }: { input: OrdersTableInput; onPage: (page: number) => void }) {
  const orders = api.orders.deleted.useQuery(input, SERVER_LIST_QUERY_OPTIONS);
  return (
    <OrdersTableFrame noun="deleted orders" headings={HEADINGS} query={orders} input={input} onPage={onPage}>
      {(order) => <DeletedOrderRow key={order._id} order={order} />}
    </OrdersTableFrame>
  );
}
DeletedOrdersTable.displayName = 'DeletedOrdersTable';
