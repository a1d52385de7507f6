import { useState } from 'react';
import { RESOURCE_TYPES } from '../../../../shared/commerce/checkout.schema.ts';
import { ORDER_MODES, ORDER_SORT_COLUMNS, ORDERS_PAGE_SIZE, ORDERS_USUAL_SORT } from '../../../../shared/commerce/orders.schema.ts';
import { AddButton } from '../../components/add-button.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { presentFilters, SERVER_LIST_QUERY_OPTIONS, useServerListState } from '../../components/server-list/use-server-list.ts';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CompletedOrdersTable } from './completed-orders-table.tsx';
import { DeletedOrdersTable } from './deleted-orders-table.tsx';
import { ManualOrderModal } from './manual-order-modal.tsx';
import { MODE_LABELS } from './order-cells.tsx';
import { ORDERS_SEARCH_MAX_LENGTH, ordersFilterFromQuery, type ShownOrders } from './orders-query.ts';
import { RESOURCE_LABELS } from './resource-picker.tsx';

// A type, not an interface: the list's filters are a record of texts.
type OrderFilters = {
  search: string;
  shown: ShownOrders;
  mode: '' | (typeof ORDER_MODES)[number];
  resourceType: '' | (typeof RESOURCE_TYPES)[number];
  /** The first and last India days (YYYY-MM-DD) of the range, '' for open. */
  from: string;
  to: string;
};

/** A filter of the orders by one field: every value ("Every mode"), or one. */
function FilterSelect<Value extends string>(props: {
  label: string;
  everyLabel: string;
  value: '' | Value;
  values: readonly Value[];
  labelOf: (value: Value) => string;
  onChange: (value: '' | Value) => void;
}) {
  return (
    <NativeSelect
      aria-label={props.label}
      className="min-w-0 sm:w-auto"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as '' | Value)}
    >
      <option value="">{props.everyLabel}</option>
      {props.values.map((value) => (
        <option key={value} value={value}>
          {props.labelOf(value)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** A day of a date range, in India time: the browser's date picker, '' when cleared. */
function DayInput({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <label className="col-span-2 flex min-w-0 items-center gap-2 text-sm text-muted-foreground sm:col-auto">
      <span className="whitespace-nowrap">{label}</span>
      <Input
        type="date"
        aria-label={label}
        className="min-w-0 flex-1 sm:w-auto sm:flex-none"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
DayInput.displayName = 'DayInput';

/** /admin/orders: completed (or deleted) orders, a page at a time from the server, with filters; manual orders; delete. */
export function OrdersPage() {
  useDocumentTitle('Orders');
  const utils = api.useUtils();
  // An address with a search (a link to one order) fills the filter, also when followed while this screen is open.
  const { filters, setFilter, settled, page, setPage, sort, setSort } = useServerListState({
    initialFilters: { search: '', shown: 'paid', mode: '', resourceType: '', from: '', to: '' } as OrderFilters,
    typed: ['search'],
    fromAddress: ordersFilterFromQuery,
    sort: { columns: ORDER_SORT_COLUMNS, usual: ORDERS_USUAL_SORT },
  });
  const { shown } = filters;
  const listFilters = presentFilters({ search: settled.search, mode: settled.mode, resourceType: settled.resourceType, from: settled.from, to: settled.to });
  const input = { page, pageSize: ORDERS_PAGE_SIZE, sort, ...listFilters };
  const [creating, setCreating] = useState(false);
  // The table's own query (the same page, from the cache): its total is what an export holds.
  const completed = api.orders.completed.useQuery(input, { ...SERVER_LIST_QUERY_OPTIONS, enabled: shown === 'paid' });

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{shown === 'paid' ? 'Orders (Completed)' : 'Orders (Deleted)'}</h1>
          <p className="text-sm text-muted-foreground">
            {shown === 'paid'
              ? 'Paid orders, newest first (choose a heading to sort by it): online payments, coupon-free orders and orders made by hand.'
              : 'Deleted orders, the latest deletion first (choose a heading to sort by it): who deleted each and when, with its invoice and credit note.'}
          </p>
        </div>
        <AddButton label="Create Manual Order" onClick={() => setCreating(true)} />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Input
          aria-label="Search orders"
          placeholder="Search name, phone, e-mail, title, coupon, payment or order id"
          className="col-span-2 sm:max-w-lg"
          maxLength={ORDERS_SEARCH_MAX_LENGTH}
          value={filters.search}
          onChange={(event) => setFilter('search', event.target.value)}
        />
        <NativeSelect
          aria-label="Show"
          className="col-span-2 sm:w-auto"
          value={shown}
          onChange={(event) => setFilter('shown', event.target.value as ShownOrders)}
        >
          <option value="paid">Completed orders</option>
          <option value="deleted">Deleted orders</option>
        </NativeSelect>
        <FilterSelect
          label="Mode"
          everyLabel="Every mode"
          value={filters.mode}
          values={ORDER_MODES}
          labelOf={(mode) => MODE_LABELS[mode]}
          onChange={(mode) => setFilter('mode', mode)}
        />
        <FilterSelect
          label="Resource type"
          everyLabel="Every resource"
          value={filters.resourceType}
          values={RESOURCE_TYPES}
          labelOf={(type) => RESOURCE_LABELS[type].one}
          onChange={(type) => setFilter('resourceType', type)}
        />
        <DayInput label={shown === 'paid' ? 'Paid from' : 'Deleted from'} value={filters.from} onChange={(day) => setFilter('from', day)} />
        <DayInput label={shown === 'paid' ? 'Paid to' : 'Deleted to'} value={filters.to} onChange={(day) => setFilter('to', day)} />
      </div>
      {shown === 'paid' && (
        <ExportButtons path="/api/admin/orders/export" filters={{ ...listFilters, sort }} total={completed.data?.total} noun="paid orders" />
      )}
      {shown === 'paid' ? (
        <CompletedOrdersTable input={input} onPage={setPage} onSort={setSort} />
      ) : (
        <DeletedOrdersTable input={input} onPage={setPage} onSort={setSort} />
      )}
      <ManualOrderModal
        open={creating}
        onOpenChange={setCreating}
        onCreated={(order) => {
          // The new order goes at the top of the list at once; the server's page follows.
          utils.orders.completed.setData(input, (old) =>
            old && page === 1 ? { ...old, orders: [order, ...old.orders.filter((row) => row._id !== order._id)], total: old.total + 1 } : old,
          );
          void utils.orders.completed.invalidate();
          setFilter('shown', 'paid');
        }}
      />
    </div>
  );
}
OrdersPage.displayName = 'OrdersPage';
