/** Which list the Orders screen shows: completed (paid) orders or deleted ones. */
export type ShownOrders = 'paid' | 'deleted';

/** The longest search the Orders screen's search box takes. */
export const ORDERS_SEARCH_MAX_LENGTH = 200;

/**
 * The filter an address opens the Orders screen with, e.g. /admin/orders?search=<order id>&show=deleted
 * (the account sheet of the Users screen links each order so). `show` is `completed` (the default)
 * or `deleted`; anything else shows the completed orders.
 */
export function ordersFilterFromQuery(query: string): { search: string; shown: ShownOrders } {
  const params = new URLSearchParams(query);
  return {
    search: (params.get('search') ?? '').trim().slice(0, ORDERS_SEARCH_MAX_LENGTH),
    shown: params.get('show') === 'deleted' ? 'deleted' : 'paid',
  };
}

/** The Orders screen's address that finds this order, in the list its status puts it in; null when it is in neither. */
export function ordersLinkOf(order: { _id: string; status: string }): string | null {
  if (order.status !== 'paid' && order.status !== 'deleted') return null;
  const params = new URLSearchParams({ search: order._id });
  if (order.status === 'deleted') params.set('show', 'deleted');
  return `/admin/orders?${params.toString()}`;
}
