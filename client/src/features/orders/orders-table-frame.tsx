import type { ReactNode } from 'react';
import { ORDERS_PAGE_SIZE, ORDERS_USUAL_SORT, type OrderSortColumn, type OrdersPageQuery } from '../../../../shared/commerce/orders.schema.ts';
import type { SortParam } from '../../../../shared/validation/sorting.ts';
import { ServerListTable, type ServerListTableQuery } from '../../components/server-list/server-list-table.tsx';
import { SortableHeadingsRow, type SortableHeading } from '../../components/server-list/sortable-headings-row.tsx';
import { OrdersTotal } from './orders-total.tsx';

/** What an orders table is asked for: the filters, the sort and the page. */
export type OrdersTableInput = OrdersPageQuery & { page: number };

/** What an orders table is asked for and how it asks for another page or sort. */
export interface OrdersTableProps {
  input: OrdersTableInput;
  onPage: (page: number) => void;
  onSort: (sort: SortParam<OrderSortColumn>) => void;
}

export interface OrdersTableFrameProps<Order> extends OrdersTableProps {
  /** What the table lists, e.g. "deleted orders": the table's name, its loading and empty rows and the pager say it. */
  noun: string;
  headings: ReadonlyArray<SortableHeading<OrderSortColumn>>;
  query: ServerListTableQuery & { data: { orders: Order[]; total: number; amountPaise: number } | undefined };
  /** One order's row. */
  children: (order: Order) => ReactNode;
}

/** The box both orders tables share: the filtered total, the load failure, sortable headings, loading and empty rows, the rows and the pager. */
export function OrdersTableFrame<Order>({ noun, headings, query, input, onPage, onSort, children }: OrdersTableFrameProps<Order>) {
  const rows = query.data?.orders ?? [];
  return (
    <>
      {query.data && <OrdersTotal noun={noun} total={query.data.total} amountPaise={query.data.amountPaise} />}
      <ServerListTable
        label={noun.charAt(0).toUpperCase() + noun.slice(1)}
        head={<SortableHeadingsRow headings={headings} sort={input.sort ?? ORDERS_USUAL_SORT} onSort={onSort} />}
        colSpan={headings.length}
        query={query}
        count={rows.length}
        loadingLabel={`Loading ${noun}`}
        emptyText={`No ${noun} match`}
        pager={{ page: input.page, pageSize: ORDERS_PAGE_SIZE, total: query.data?.total ?? 0, noun, onPage }}
        // Hidden overflow lets the grid cell shrink to the screen, so a wide table scrolls inside it instead of widening the page.
        className="min-w-0 overflow-hidden"
      >
        {rows.map(children)}
      </ServerListTable>
    </>
  );
}
OrdersTableFrame.displayName = 'OrdersTableFrame';
