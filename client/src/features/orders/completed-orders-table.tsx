import { useState } from 'react';
import { FileText, Trash2 } from 'lucide-react';
import type { AdminOrder, OrderSortColumn } from '../../../../shared/commerce/orders.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import type { SortableHeading } from '../../components/server-list/sortable-headings-row.tsx';
import { SERVER_LIST_QUERY_OPTIONS } from '../../components/server-list/use-server-list.ts';
import { toastSuccess } from '../../components/toasts.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { delay } from '../../lib/delay.ts';
import { api } from '../../lib/trpc.ts';
import { customerOf, DateAndTime, inr, modeOf, OrderPurchaseCells } from './order-cells.tsx';
import { OrdersTableFrame, type OrdersTableProps } from './orders-table-frame.tsx';

const DELETE_DELAY_MS = 300;
const HEADINGS: ReadonlyArray<SortableHeading<OrderSortColumn>> = [
  { label: 'Date', column: 'date' },
  { label: 'Mode', column: 'mode' },
  { label: 'Coupon', column: 'coupon' },
  { label: 'Customer' },
  { label: 'Subscription', column: 'title' },
  { label: 'Resource' },
  { label: 'Payment ID' },
  { label: 'Status' },
  { label: 'Actions' },
];

/** Only a payment taken online through Razorpay can be given back through Razorpay. */
const canRefund = (order: AdminOrder) => order.mode === 'online' && order.status === 'paid';

function OrderRow({ order, onDelete }: { order: AdminOrder; onDelete: (order: AdminOrder) => void }) {
  return (
    <TableRow>
      <TableCell>
        <DateAndTime at={order.paidAt ?? order.createdAt} />
      </TableCell>
      <TableCell>{modeOf(order)}</TableCell>
      <TableCell>
        {order.discountCouponCode ? (
          <span className="font-mono">{order.discountCouponCode}</span>
        ) : (
          <span className="text-muted-foreground">No coupon used</span>
        )}
      </TableCell>
      <OrderPurchaseCells order={order} />
      <TableCell className="break-all font-mono text-xs">{order.razorPayId ?? '—'}</TableCell>
      <TableCell>
        <Badge variant={order.status === 'paid' ? 'success' : 'destructive'}>{order.status}</Badge>
      </TableCell>
      <TableCell>
        <span className="flex items-center gap-1">
          {order.netAmount > 0 && (
            <Button asChild variant="outline" size="sm">
              <a
                href={`/api/admin/orders/${encodeURIComponent(order._id)}/invoice`}
                target="_blank"
                rel="noopener"
                aria-label={`Invoice of the order of ${customerOf(order)}`}
              >
                <FileText aria-hidden="true" />
              </a>
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            className="text-destructive"
            aria-label={`Delete the order of ${customerOf(order)}`}
            onClick={() => onDelete(order)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </span>
      </TableCell>
    </TableRow>
  );
}

/** Paid orders, in the order chosen (newest first unless sorted by a heading), a page at a time from the server, each with its invoice and delete (and refund). */
export function CompletedOrdersTable({ input, onPage, onSort }: OrdersTableProps) {
  const utils = api.useUtils();
  const orders = api.orders.completed.useQuery(input, SERVER_LIST_QUERY_OPTIONS);
  const remove = api.orders.delete.useMutation();
  const [deleting, setDeleting] = useState<AdminOrder | null>(null);
  // Off for every order the dialog opens on: giving money back is a choice made each time.
  const [refund, setRefund] = useState(false);
  const refunding = deleting !== null && canRefund(deleting) && refund;

  return (
    <>
      <OrdersTableFrame noun="orders" headings={HEADINGS} query={orders} input={input} onPage={onPage} onSort={onSort}>
        {(order) => (
          <OrderRow
            key={order._id}
            order={order}
            onDelete={(chosen) => {
              setRefund(false);
              setDeleting(chosen);
            }}
          />
        )}
      </OrdersTableFrame>
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
          await Promise.all([utils.orders.completed.invalidate(), utils.orders.deleted.invalidate()]);
        }}
      >
        {deleting && canRefund(deleting) && (
          <div className="flex items-start gap-2 rounded-md border p-3">
            <Checkbox
              id="order-refund"
              className="mt-0.5"
              checked={refund}
              aria-describedby="order-refund-hint"
              onChange={(event) => setRefund(event.target.checked)}
            />
            <div className="grid gap-1">
              <Label htmlFor="order-refund" className="leading-snug">
                Refund the payment through Razorpay
              </Label>
              <p id="order-refund-hint" className="text-xs text-muted-foreground">
                Razorpay pays back to the student's payment method what is left of the {inr(deleting.netAmount)} paid (all of it, unless part was refunded
                before) and a credit note is issued; then the order is deleted. If Razorpay refuses or does not answer, nothing is refunded or deleted.
              </p>
            </div>
          </div>
        )}
      </ConfirmModal>
    </>
  );
}
CompletedOrdersTable.displayName = 'CompletedOrdersTable';
