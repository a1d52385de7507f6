import type { ReactNode } from 'react';
import { ORDERS_PAGE_SIZE, type OrdersPageQuery } from '../../../../shared/commerce/orders.schema.ts';
import { HeadingsRow, ServerListTable, type ServerListTableQuery } from '../../components/server-list/server-list-table.tsx';

/** What an orders table is asked for: the filters and the page. */
export type OrdersTableInput = OrdersPageQuery & { page: number };

export interface OrdersTableFrameProps {
  label: string;
  headings: readonly string[];
  query: ServerListTableQuery & { data: { total: number } | undefined };
  count: number;
  loadingLabel: string;
  emptyText: string;
  /** What the pager counts, e.g. "deleted orders". */
  noun: string;
  input: OrdersTableInput;
  onPage: (page: number) => void;
  children: ReactNode;
}

/** The box both orders tables share: the load failure, headings, loading and empty rows, and the pager. */
export function OrdersTableFrame({ label, headings, query, count, loadingLabel, emptyText, noun, input, onPage, children }: OrdersTableFrameProps) {
  return (
    <ServerListTable
      label={label}
      head={<HeadingsRow headings={headings} />}
      colSpan={headings.length}
      query={query}
      count={count}
      loadingLabel={loadingLabel}
      emptyText={emptyText}
      pager={{ page: input.page, pageSize: ORDERS_PAGE_SIZE, total: query.data?.total ?? 0, noun, onPage }}
      // Hidden overflow lets the grid cell shrink to the screen, so a wide table scrolls inside it instead of widening the page.
      className="min-w-0 overflow-hidden"
    >
      {children}
    </ServerListTable>
  );
}
OrdersTableFrame.displayName = 'OrdersTableFrame';
