import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { keepPreviousData } from '@tanstack/react-query';
import { FileText, Plus, Trash2 } from 'lucide-react';
import { RESOURCE_TYPES } from '../../../../shared/commerce/checkout.schema.ts';
import { ORDER_MODES, ORDERS_PAGE_SIZE, type AdminOrder } from '../../../../shared/commerce/orders.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { toastSuccess } from '../../components/toasts.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { TableStateRows } from '../../components/table-state-rows.tsx';
import { ServerPager } from '../../components/server-pager.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { delay } from '../../lib/delay.ts';
import { formatDateAndTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSettled } from '../../lib/use-settled.ts';
import { subscriptionEditorPath } from '../subscriptions/subscription-paths.ts';
import { ManualOrderModal } from './manual-order-modal.tsx';
import { ResourceLink } from './resource-link.tsx';

const DELETE_DELAY_MS = 300;
const MODE_LABELS = { online: 'Online', manual: 'Manual', free: 'Free (coupon)' } as const;
const inr = (rupees: number) => `INR ${rupees.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** Only a payment taken online through Razorpay can be given back through Razorpay. */
const canRefund = (order: AdminOrder) => order.mode === 'online' && order.status === 'paid';

function OrderRow({ order, onDelete }: { order: AdminOrder; onDelete: (order: AdminOrder) => void }) {
  const [date, time] = formatDateAndTime(order.paidAt ?? order.createdAt);
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">
        {date}
        <span className="block text-xs text-muted-foreground">{time}</span>
      </TableCell>
      <TableCell>{order.createdBy === 'admin' ? 'Manual (admin)' : MODE_LABELS[order.mode]}</TableCell>
      <TableCell>{order.discountCouponCode ? <span className="font-mono">{order.discountCouponCode}</span> : <span className="text-muted-foreground">No coupon used</span>}</TableCell>
      <TableCell>
        <span className="grid">
          <span className="font-medium">{order.userInfo.name || 'Unspecified'}</span>
          <span className="text-xs text-muted-foreground">{order.userInfo.phoneNumber ?? '—'}</span>
          <span className="text-xs text-muted-foreground">{order.userInfo.emailAddress ?? ''}</span>
        </span>
      </TableCell>
      <TableCell>
        <span className="grid">
          {order.subscriptionId ? (
            <Link href={subscriptionEditorPath(order.subscriptionId)} className="text-primary hover:underline">
              {order.title}
            </Link>
          ) : (
            <span>{order.title}</span>
          )}
          <span className="text-xs text-muted-foreground">
            {order.subscriptionTerm} · {inr(order.netAmount)}
          </span>
        </span>
      </TableCell>
      <TableCell>
        <ResourceLink order={order} />
      </TableCell>
      <TableCell className="break-all font-mono text-xs">{order.razorPayId ?? '—'}</TableCell>
      <TableCell>
        <Badge variant={order.status === 'paid' ? 'success' : 'destructive'}>{order.status}</Badge>
      </TableCell>
      <TableCell className="flex items-center gap-1">
        {order.netAmount > 0 && (
          <Button asChild variant="outline" size="sm">
            <a href={`/api/admin/orders/${encodeURIComponent(order._id)}/invoice`} target="_blank" rel="noopener" aria-label={`Invoice of the order of ${order.userInfo.name || order.userInfo.phoneNumber || order._id}`}>
              <FileText aria-hidden="true" />
            </a>
          </Button>
        )}
        <Button variant="outline" size="sm" className="text-destructive" aria-label={`Delete the order of ${order.userInfo.name || order.userInfo.phoneNumber || order._id}`} onClick={() => onDelete(order)}>
          <Trash2 aria-hidden="true" />
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** /admin/orders: completed orders, a page at a time from the server, with filters; manual orders; delete. */
export function OrdersPage() {
  useDocumentTitle('Orders');
  const utils = api.useUtils();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [mode, setMode] = useState<'' | (typeof ORDER_MODES)[number]>('');
  const [resourceType, setResourceType] = useState<'' | (typeof RESOURCE_TYPES)[number]>('');
  const search = useSettled(searchText);
  useEffect(() => setPage(1), [search, mode, resourceType]);
  const input = { page, pageSize: ORDERS_PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}), ...(mode ? { mode } : {}), ...(resourceType ? { resourceType } : {}) };
  const orders = api.orders.completed.useQuery(input, { placeholderData: keepPreviousData, retryDelay: 100 });
  const remove = api.orders.delete.useMutation();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminOrder | null>(null);
  // Off for every order the dialog opens on: giving money back is a choice made each time.
  const [refund, setRefund] = useState(false);
  const refunding = deleting !== null && canRefund(deleting) && refund;
  const rows = orders.data?.orders ?? [];
  const total = orders.data?.total ?? 0;

  return (
    <div className="mx-auto grid max-w-7xl gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Orders (Completed)</h1>
          <p className="text-sm text-muted-foreground">Paid orders, newest first: online payments, coupon-free orders and orders made by hand.</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Create Manual Order
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Input aria-label="Search orders" placeholder="Search name, phone, e-mail, title, coupon or payment id" className="max-w-md" maxLength={200} value={searchText} onChange={(event) => setSearchText(event.target.value)} />
        <NativeSelect aria-label="Mode" value={mode} onChange={(event) => setMode(event.target.value as typeof mode)}>
          <option value="">Every mode</option>
          {ORDER_MODES.map((value) => (
            <option key={value} value={value}>
              {MODE_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label="Resource type" value={resourceType} onChange={(event) => setResourceType(event.target.value as typeof resourceType)}>
          <option value="">Every resource</option>
          {RESOURCE_TYPES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect>
      </div>
      {orders.isError && <LoadFailure title="Fetching data failed" error={orders.error} onRetry={orders.refetch} />}
      {/* Hidden overflow lets the grid cell shrink to the screen, so a wide table scrolls inside it instead of widening the page. */}
      <div className="overflow-hidden rounded-lg border bg-card">
        <Table aria-label="Orders">
          <TableHeader>
            <TableRow>
              {['Date', 'Mode', 'Coupon', 'Customer', 'Subscription', 'Resource', 'Payment ID', 'Status', 'Actions'].map((heading) => (
                <TableHead key={heading}>{heading}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStateRows colSpan={9} isPending={orders.isPending} count={rows.length} loadingLabel="Loading orders" emptyText="No orders match">
              {rows.map((order) => (
                <OrderRow
                  key={order._id}
                  order={order}
                  onDelete={(chosen) => {
                    setRefund(false);
                    setDeleting(chosen);
                  }}
                />
              ))}
            </TableStateRows>
          </TableBody>
        </Table>
        <ServerPager page={page} pageSize={ORDERS_PAGE_SIZE} total={total} noun="orders" onPage={setPage} />
      </div>
      <ManualOrderModal
        open={creating}
        onOpenChange={setCreating}
        onCreated={(order) => {
          // The new order goes at the top of the list at once; the server's page follows.
          utils.orders.completed.setData(input, (old) => (old && page === 1 ? { ...old, orders: [order, ...old.orders.filter((row) => row._id !== order._id)], total: old.total + 1 } : old));
          void utils.orders.completed.invalidate();
        }}
      />
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Order"
        text="The student loses the access this order gave. The order stays in the records, marked deleted. Do you want to delete it?"
        confirmLabel={refunding ? 'Refund and Delete' : 'Delete'}
        busyLabel={refunding ? 'Refunding...' : 'Deleting...'}
        errorTitle="Delete failed"
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await delay(DELETE_DELAY_MS);
          await remove.mutateAsync(refunding ? { id: deleting._id, refund: true } : { id: deleting._id });
          if (refunding) toastSuccess('Order refunded and deleted', 'The payment goes back to the student through Razorpay.');
          setDeleting(null);
          await utils.orders.completed.invalidate();
        }}
      >
        {deleting && canRefund(deleting) && (
          <div className="flex items-start gap-2 rounded-md border p-3">
            <Checkbox id="order-refund" className="mt-0.5" checked={refund} aria-describedby="order-refund-hint" onChange={(event) => setRefund(event.target.checked)} />
            <div className="grid gap-1">
              <Label htmlFor="order-refund" className="leading-snug">
                Refund the payment through Razorpay
              </Label>
              <p id="order-refund-hint" className="text-xs text-muted-foreground">
                Razorpay pays back to the student's payment method what is left of the {inr(deleting.netAmount)} paid (all of it, unless part was refunded before) and a credit note is issued; then the order is deleted. If Razorpay refuses or does not answer, nothing is refunded or deleted.
              </p>
            </div>
          </div>
        )}
      </ConfirmModal>
    </div>
  );
}
OrdersPage.displayName = 'OrdersPage';
