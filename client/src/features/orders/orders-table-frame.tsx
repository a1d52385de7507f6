import type { ReactNode } from 'react';
import { ORDERS_PAGE_SIZE, type OrdersPageQuery } from '../../../../shared/commerce/orders.schema.ts';
import { HeadingsRow, ServerListTable, type ServerListTableQuery } from '../../components/server-list/server-list-table.tsx';

/** What an orders table is asked for: the filters and the page. */
export type OrdersTableInput = OrdersPageQuery & { page: number };

export interface OrdersTableFrameProps<Order> {
  /** What the table lists, e.g. "deleted orders": the table's name, its loading and empty rows and the pager say it. */
  noun: string;
  headings: readonly string[];
  query: ServerListTableQuery & { data: { orders: Order[]; total: number } | undefined };
  input: OrdersTableInput;
  onPage: (page: number) => void;
  /** One order's row. */
  children: (order: Order) => ReactNode;
}

/** The box both orders tables share: the load failure, headings, loading and empty rows, the rows and the pager. */
export function OrdersTableFrame<Order>({ noun, headings, query, input, onPage, children }: OrdersTableFrameProps<Order>) {
  const rows = query.data?.orders ?? [];
  return (
    <ServerListTable
      label={noun.charAt(0).toUpperCase() + noun.slice(1)}
      head={<HeadingsRow headings={headings} />}
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
  );
}
OrdersTableFrame.displayName = 'OrdersTableFrame';
