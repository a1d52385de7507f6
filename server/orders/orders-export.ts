import type { RequestContext } from '../context.ts';
import { openRowCursor } from '../exports/cursor-rows.ts';
import type { ExportFile } from '../exports/export-reply.ts';
import type { OrderSortColumn } from '../../shared/commerce/orders.schema.ts';
import type { SortParam } from '../../shared/validation/sorting.ts';
import { paidOrdersQuery, type OrdersFilter } from './admin-orders.repository.ts';
import { ordersFilterOf } from './admin-orders.service.ts';

export type PaidOrderRow = Awaited<ReturnType<ReturnType<typeof paidOrdersQuery>['execute']>>[number];

/** GET /api/admin/orders/export.csv and .xlsx: the paid orders the filters show, in the list's order (its `sort`), as the list shows them. */
export async function exportPaidOrders(ctx: RequestContext, query: OrdersFilter & { sort: SortParam<OrderSortColumn> }): Promise<ExportFile<PaidOrderRow>> {
  return {
    name: 'orders',
    sheet: 'Orders',
    columns: new URL('./orders-export-columns.ts', import.meta.url),
    batches: await openRowCursor(ctx.db, paidOrdersQuery(ctx.db, ordersFilterOf(query), query.sort)),
  };
}
