import { describe, expect, it } from 'vitest';
import { ordersFilterFromQuery, ordersLinkOf } from '../../../client/src/features/orders/orders-query.ts';

const id = '3f0b6a52-1c9e-4d7a-9a51-2f4d8c6e7b10';

describe('ordersFilterFromQuery', () => {
  it('reads the search and the deleted list from the address', () => {
    expect(ordersFilterFromQuery(`?search=${id}&show=deleted`)).toEqual({ search: id, shown: 'deleted' });
    expect(ordersFilterFromQuery('search=%2B91%2098470%2055501')).toEqual({ search: '+91 98470 55501', shown: 'paid' });
  });

  it('shows the completed orders unfiltered for an address without a filter or with an unknown list', () => {
    expect(ordersFilterFromQuery('')).toEqual({ search: '', shown: 'paid' });
    expect(ordersFilterFromQuery('show=refunded&search=%20%20')).toEqual({ search: '', shown: 'paid' });
  });

  it('keeps no more of a search than the search box takes', () => {
    expect(ordersFilterFromQuery(`search=${'a'.repeat(300)}`).search).toHaveLength(200);
  });
});

describe('ordersLinkOf', () => {
  it('links a paid order to the completed list and a deleted one to the deleted list', () => {
    expect(ordersLinkOf({ _id: id, status: 'paid' })).toBe(`/admin/orders?search=${id}`);
    expect(ordersLinkOf({ _id: id, status: 'deleted' })).toBe(`/admin/orders?search=${id}&show=deleted`);
  });

  it('has no link for an order the Orders screen does not list (not paid, not deleted)', () => {
    for (const status of ['created', 'attempted', 'failed', 'expired', 'cancelled', 'refunded']) expect(ordersLinkOf({ _id: id, status })).toBeNull();
  });
});
