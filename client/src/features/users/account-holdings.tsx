import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { GRANT_SOURCE_LABELS, HOLDINGS_PAGE_SIZE, type StudentGrant } from '../../../../shared/users/student-holdings.schema.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { ServerPager } from '../../components/server-pager.tsx';
import { TableStateRows } from '../../components/table-state-rows.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { formatIndiaTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { ordersLinkOf } from '../orders/orders-query.ts';

const KIND_LABELS: Record<StudentGrant['kind'], string> = {
  'rate-card': 'Rate card',
  course: 'Course',
  exam: 'Exam',
  lecture: 'Lecture',
  rankfile: 'Rank file',
};
const STATE_VARIANTS = { active: 'success', scheduled: 'info', expired: 'secondary', revoked: 'destructive' } as const;
const STATE_LABELS: Record<StudentGrant['state'], string> = { active: 'Active', scheduled: 'Not started', expired: 'Expired', revoked: 'Taken back' };
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** What the account may open: its grants with where each came from and until when, live ones first. */
export function AccountGrants({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const grants = api.users.grants.useQuery({ id: userId, page }, { placeholderData: keepPreviousData });
  const rows = grants.data?.grants ?? [];
  return (
    <section aria-labelledby="account-grants-title" className="grid gap-2">
      <h3 id="account-grants-title" className="text-base font-semibold">
        Grants
      </h3>
      {grants.isError && <LoadFailure title="Fetching grants failed" error={grants.error} onRetry={grants.refetch} />}
      <div className="overflow-x-auto rounded-lg border">
        <Table aria-label="Grants">
          <TableHeader>
            <TableRow>
              {['What', 'Source', 'From', 'Until', 'State'].map((column) => (
                <TableHead key={column}>{column}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStateRows
              colSpan={5}
              minRows={1}
              isPending={grants.isPending}
              count={rows.length}
              loadingLabel="Loading grants"
              emptyText="Holds nothing yet"
            >
              {rows.map((grant) => (
                <TableRow key={grant._id}>
                  <TableCell>
                    <span className="font-medium">{grant.title}</span>
                    <span className="block text-xs text-muted-foreground">{KIND_LABELS[grant.kind]}</span>
                  </TableCell>
                  <TableCell>
                    {GRANT_SOURCE_LABELS[grant.source]}
                    {grant.couponCode && <span className="block text-xs text-muted-foreground">Coupon {grant.couponCode}</span>}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatIndiaTime(grant.startsAt, 'date')}</TableCell>
                  <TableCell className="whitespace-nowrap">{grant.expiresAt ? formatIndiaTime(grant.expiresAt, 'date') : 'No end'}</TableCell>
                  <TableCell>
                    <Badge variant={STATE_VARIANTS[grant.state]}>{STATE_LABELS[grant.state]}</Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableStateRows>
          </TableBody>
        </Table>
        <ServerPager page={page} pageSize={HOLDINGS_PAGE_SIZE} total={grants.data?.total ?? 0} noun="grants" onPage={setPage} />
      </div>
    </section>
  );
}
AccountGrants.displayName = 'AccountGrants';

/**
 * The account's orders in every state, newest first: each paid or deleted one opens the Orders screen
 * filtered to it, and each that has an invoice links its PDF.
 */
export function AccountOrders({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const orders = api.users.orders.useQuery({ id: userId, page }, { placeholderData: keepPreviousData });
  const rows = orders.data?.orders ?? [];
  return (
    <section aria-labelledby="account-orders-title" className="grid gap-2">
      <h3 id="account-orders-title" className="text-base font-semibold">
        Orders
      </h3>
      {orders.isError && <LoadFailure title="Fetching orders failed" error={orders.error} onRetry={orders.refetch} />}
      <div className="overflow-x-auto rounded-lg border">
        <Table aria-label="Orders of this account">
          <TableHeader>
            <TableRow>
              {['Date', 'Title', 'Amount', 'Status', 'Invoice'].map((column) => (
                <TableHead key={column}>{column}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStateRows colSpan={5} minRows={1} isPending={orders.isPending} count={rows.length} loadingLabel="Loading orders" emptyText="No orders">
              {rows.map((order) => (
                <TableRow key={order._id}>
                  <TableCell className="whitespace-nowrap">{formatIndiaTime(order.createdAt, 'date')}</TableCell>
                  <TableCell>
                    <OrderTitle order={order} />
                    <span className="block text-xs text-muted-foreground">
                      {order.subscriptionTerm}
                      {order.mode === 'online' ? '' : `, ${order.mode}`}
                      {order.couponCode ? `, coupon ${order.couponCode}` : ''}
                    </span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{rupees.format(order.netAmount)}</TableCell>
                  <TableCell className="capitalize">{order.status}</TableCell>
                  <TableCell>
                    {order.invoiceNumber ? (
                      <a
                        href={`/api/admin/orders/${encodeURIComponent(order._id)}/invoice`}
                        target="_blank"
                        rel="noopener"
                        className="whitespace-nowrap text-primary hover:underline"
                      >
                        {order.invoiceNumber}
                      </a>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableStateRows>
          </TableBody>
        </Table>
        <ServerPager page={page} pageSize={HOLDINGS_PAGE_SIZE} total={orders.data?.total ?? 0} noun="orders" onPage={setPage} />
      </div>
    </section>
  );
}
AccountOrders.displayName = 'AccountOrders';

function OrderTitle({ order }: { order: { _id: string; status: string; title: string } }) {
  const link = ordersLinkOf(order);
  if (!link) return <span className="font-medium">{order.title}</span>;
  return (
    <Link href={link} className="font-medium text-primary hover:underline">
      {order.title}
    </Link>
  );
}
OrderTitle.displayName = 'OrderTitle';
