import { keepPreviousData } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { ORDERS_PAGE_SIZE, type DeletedOrder, type OrdersPageQuery } from '../../../../shared/commerce/orders.schema.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { ServerPager } from '../../components/server-pager.tsx';
import { TableStateRows } from '../../components/table-state-rows.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { api } from '../../lib/trpc.ts';
import { CustomerCell, customerOf, DateAndTime, MODE_LABELS, SubscriptionCell } from './order-cells.tsx';
import { ResourceLink } from './resource-link.tsx';

const HEADINGS = ['Deleted', 'Deleted by', 'Customer', 'Subscription', 'Resource', 'Mode', 'Documents'];

function DocumentLink({ order, kind }: { order: DeletedOrder; kind: 'invoice' | 'credit-note' }) {
  const label = kind === 'invoice' ? 'Invoice' : 'Credit note';
  return (
    <Button asChild variant="outline" size="sm">
      <a href={`/api/admin/orders/${encodeURIComponent(order._id)}/${kind}`} target="_blank" rel="noopener" aria-label={`${label} of the deleted order of ${customerOf(order)}`}>
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
      <TableCell>
        <CustomerCell order={order} />
      </TableCell>
      <TableCell>
        <SubscriptionCell order={order} />
      </TableCell>
      <TableCell>
        <ResourceLink order={order} />
      </TableCell>
      <TableCell>{order.createdBy === 'admin' ? 'Manual (admin)' : MODE_LABELS[order.mode]}</TableCell>
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
export function DeletedOrdersTable({ input, onPage }: { input: OrdersPageQuery & { page: number }; onPage: (page: number) => void }) {
  const orders = api.orders.deleted.useQuery(input, { placeholderData: keepPreviousData, retryDelay: 100 });
  const rows = orders.data?.orders ?? [];
  return (
    <>
      {orders.isError && <LoadFailure title="Fetching data failed" error={orders.error} onRetry={orders.refetch} />}
      <div className="min-w-0 overflow-hidden rounded-lg border bg-card">
        <Table aria-label="Deleted orders">
          <TableHeader>
            <TableRow>
              {HEADINGS.map((heading) => (
                <TableHead key={heading}>{heading}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStateRows colSpan={HEADINGS.length} isPending={orders.isPending} count={rows.length} loadingLabel="Loading deleted orders" emptyText="No deleted orders match">
              {rows.map((order) => (
                <DeletedOrderRow key={order._id} order={order} />
              ))}
            </TableStateRows>
          </TableBody>
        </Table>
        <ServerPager page={input.page} pageSize={ORDERS_PAGE_SIZE} total={orders.data?.total ?? 0} noun="deleted orders" onPage={onPage} />
      </div>
    </>
  );
}
DeletedOrdersTable.displayName = 'DeletedOrdersTable';
