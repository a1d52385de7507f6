import { Link } from 'wouter';
import type { AdminOrder } from '../../../../shared/commerce/orders.schema.ts';
import { TableCell } from '../../components/ui/table.tsx';
import { formatDateAndTime } from '../../lib/format.ts';
import { subscriptionEditorPath } from '../subscriptions/subscription-paths.ts';
import { ResourceLink } from './resource-link.tsx';

export const MODE_LABELS = { online: 'Online', manual: 'Manual', free: 'Free (coupon)' } as const;
export const inr = (rupees: number) => `INR ${rupees.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
/** How the order was made; an order made by hand names who made it. */
export const modeOf = (order: AdminOrder) => (order.createdBy === 'admin' ? 'Manual (admin)' : MODE_LABELS[order.mode]);
/** Who the order is for, in the names of its buttons and links. */
export const customerOf = (order: AdminOrder) => order.userInfo.name || order.userInfo.phoneNumber || order._id;

export function DateAndTime({ at }: { at: string | null }) {
  const [date, time] = formatDateAndTime(at);
  return (
    <span className="whitespace-nowrap">
      {date}
      <span className="block text-xs text-muted-foreground">{time}</span>
    </span>
  );
}

export function CustomerCell({ order }: { order: AdminOrder }) {
  return (
    <span className="grid">
      <span className="font-medium">{order.userInfo.name || 'Unspecified'}</span>
      <span className="text-xs text-muted-foreground">{order.userInfo.phoneNumber ?? '—'}</span>
      <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{order.userInfo.emailAddress ?? ''}</span>
    </span>
  );
}

export function SubscriptionCell({ order }: { order: AdminOrder }) {
  return (
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
  );
}

/** Who bought what, in both orders tables: the customer, the subscription and the resource. */
export function OrderPurchaseCells({ order }: { order: AdminOrder }) {
  return (
    <>
      <TableCell>
        <CustomerCell order={order} />
      </TableCell>
      <TableCell>
        <SubscriptionCell order={order} />
      </TableCell>
      <TableCell>
        <ResourceLink order={order} />
      </TableCell>
    </>
  );
}
